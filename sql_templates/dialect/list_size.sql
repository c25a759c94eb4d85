{#- The number of elements of the list `expr`. DuckDB: len; Spark: size. -#}
{% macro list_size(expr) -%}
{{ adapter.dispatch("list_size", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__list_size(expr) -%}
len({{ expr }})
{%- endmacro %}

{% macro spark__list_size(expr) -%}
size({{ expr }})
{%- endmacro %}
