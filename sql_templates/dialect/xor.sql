{#- The bitwise exclusive or of two BIGINT expressions. DuckDB: xor(a, b); Spark: (a ^ b)
    (Spark has no xor function). -#}
{% macro xor(a, b) -%}
{{ adapter.dispatch("xor", "sqlpriv")(a, b) }}
{%- endmacro %}

{% macro default__xor(a, b) -%}
xor({{ a }}, {{ b }})
{%- endmacro %}

{% macro spark__xor(a, b) -%}
({{ a }} ^ {{ b }})
{%- endmacro %}
