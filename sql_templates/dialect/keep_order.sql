{#- ORDER BY for a step whose row order a later step relies on (DuckDB keeps the order of a
    table or CTE, which positional joins read). Spark keeps no order between steps, so there
    it would only add a global sort: nothing is rendered. -#}
{% macro keep_order(expr) -%}
{{ adapter.dispatch("keep_order", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__keep_order(expr) -%}
order by {{ expr }}
{%- endmacro %}

{% macro spark__keep_order(expr) -%}
{%- endmacro %}
