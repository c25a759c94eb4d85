{#- Row numbers 1..n over a relation in its input order (no ORDER BY of the caller's).
    DuckDB keeps insertion order; Spark needs an ordered window: the partition order of
    monotonically_increasing_id() (the read order of a file or DataFrame). -#}
{% macro row_number() -%}
{{ adapter.dispatch("row_number", "sqlpriv")() }}
{%- endmacro %}

{% macro default__row_number() -%}
row_number() over ()
{%- endmacro %}

{% macro spark__row_number() -%}
row_number() over (order by monotonically_increasing_id())
{%- endmacro %}
