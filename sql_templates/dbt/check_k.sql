{#- dbt: stop at compile time unless k (the smallest allowed class size) is an integer >= 1. -#}
{% macro check_k(macro_name, k) -%}
{% if k is not integer or k is sameas true or k is sameas false or k < 1 %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `k` must be an integer >= 1 (the smallest allowed class size), got " ~ k) %}
{% endif %}
{%- endmacro %}
