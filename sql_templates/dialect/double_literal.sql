{#- The whole number `n` as a DOUBLE literal, so that a division by it is a DOUBLE division.
    DuckDB: n.0 (a DECIMAL literal; dividing by it gives a DOUBLE). Spark: n.0D (n.0 is a
    DECIMAL there, and a division by it a DECIMAL rounded to 6 places). -#}
{% macro double_literal(n) -%}
{{ adapter.dispatch("double_literal", "sqlpriv")(n) }}
{%- endmacro %}

{% macro default__double_literal(n) -%}
{{ n | int }}.0
{%- endmacro %}

{% macro spark__double_literal(n) -%}
{{ n | int }}.0D
{%- endmacro %}
