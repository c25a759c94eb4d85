{#- `relation` with the column `name` numbering its rows 1..n in input order, for a query whose
    joins and windows reorder the rows and whose last step restores the order (keep_order(name)).
    DuckDB: row_number() over (), which keeps insertion order on any number of threads. Spark
    keeps no row order between steps (keep_order renders nothing there), so `relation` is
    rendered as it is: no column, no window. -#}
{% macro numbered(relation, name) -%}
{{ adapter.dispatch("numbered", "sqlpriv")(relation, name) }}
{%- endmacro %}

{% macro default__numbered(relation, name) -%}
(select *, {{ sqlpriv.row_number() }} as {{ sqlpriv.quote(name) }} from {{ relation }})
{%- endmacro %}

{% macro spark__numbered(relation, name) -%}
{{ relation }}
{%- endmacro %}
