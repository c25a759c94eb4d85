{#- Aggregate: `value` of the row with the least `order`. DuckDB: arg_min; Spark: min_by. -#}
{% macro arg_min(value, order) -%}
{{ adapter.dispatch("arg_min", "sqlpriv")(value, order) }}
{%- endmacro %}

{% macro default__arg_min(value, order) -%}
arg_min({{ value }}, {{ order }})
{%- endmacro %}

{% macro spark__arg_min(value, order) -%}
min_by({{ value }}, {{ order }})
{%- endmacro %}
