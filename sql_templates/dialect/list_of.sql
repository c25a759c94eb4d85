{#- A list of the SQL expressions `items` (same type). DuckDB: [a, b]; Spark: array(a, b). -#}
{% macro list_of(items) -%}
{{ adapter.dispatch("list_of", "sqlpriv")(items) }}
{%- endmacro %}

{% macro default__list_of(items) -%}
[{{ items | join(", ") }}]
{%- endmacro %}

{% macro spark__list_of(items) -%}
array({{ items | join(", ") }})
{%- endmacro %}
