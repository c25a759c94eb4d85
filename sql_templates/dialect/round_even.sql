{#- The DOUBLE `expr` rounded half to even to an integral value (as numpy). DuckDB: round_even;
    Spark: bround. -#}
{% macro round_even(expr) -%}
{{ adapter.dispatch("round_even", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__round_even(expr) -%}
round_even({{ expr }}, 0)
{%- endmacro %}

{% macro spark__round_even(expr) -%}
bround({{ expr }}, 0)
{%- endmacro %}
