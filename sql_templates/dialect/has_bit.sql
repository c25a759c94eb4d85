{#- Whether column j (0-based) belongs to the column subset encoded as bitmask `sid` (SQL
    expressions). DuckDB: the sqlpriv_has_bit macro; Spark: inline. -#}
{% macro has_bit(sid, j) -%}
{{ adapter.dispatch("has_bit", "sqlpriv")(sid, j) }}
{%- endmacro %}

{% macro default__has_bit(sid, j) -%}
sqlpriv_has_bit({{ sid }}, {{ j }})
{%- endmacro %}

{% macro spark__has_bit(sid, j) -%}
((cast({{ sid }} as bigint) >> {{ j }}) & 1) = 1
{%- endmacro %}
