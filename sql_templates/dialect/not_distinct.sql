{#- NULL-safe equality of two expressions (NULL equals NULL): DuckDB `is not distinct from`,
    Spark `<=>`. -#}
{% macro not_distinct(x, y) -%}
{{ adapter.dispatch("not_distinct", "sqlpriv")(x, y) }}
{%- endmacro %}

{% macro default__not_distinct(x, y) -%}
{{ x }} is not distinct from {{ y }}
{%- endmacro %}

{% macro spark__not_distinct(x, y) -%}
{{ x }} <=> {{ y }}
{%- endmacro %}
