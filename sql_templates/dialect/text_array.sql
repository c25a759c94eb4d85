{#- A literal array of text values, each already rendered as SQL (e.g. sqlpriv.literal(...)).
    DuckDB: [a, b]::varchar[]; Spark: array(a, b). -#}
{% macro text_array(items) -%}
{{ adapter.dispatch("text_array", "sqlpriv")(items) }}
{%- endmacro %}

{% macro default__text_array(items) -%}
[{{ items | join(", ") }}]::varchar[]
{%- endmacro %}

{% macro spark__text_array(items) -%}
array({{ items | join(", ") }})
{%- endmacro %}
