{#- Integer division of two BIGINT expressions, rounded toward zero (both engines' operators are
    used on non-negative numbers only). DuckDB: a // b; Spark: a div b (Spark SQL has no //). -#}
{% macro int_div(a, b) -%}
{{ adapter.dispatch("int_div", "sqlpriv")(a, b) }}
{%- endmacro %}

{% macro default__int_div(a, b) -%}
{{ a }} // {{ b }}
{%- endmacro %}

{% macro spark__int_div(a, b) -%}
{{ a }} div {{ b }}
{%- endmacro %}
