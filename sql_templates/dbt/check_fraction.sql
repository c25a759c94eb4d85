{#- dbt: stop at compile time unless argument `name` of `macro_name` is a number in [0, 1]. -#}
{% macro check_fraction(macro_name, name, value) -%}
{% if value is not number or value is sameas true or value is sameas false or value < 0 or value > 1 %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `" ~ name ~ "` must be a number between 0 and 1, got " ~ value) %}
{% endif %}
{%- endmacro %}
