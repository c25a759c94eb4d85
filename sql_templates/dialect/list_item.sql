{#- The item at 1-based `index` of the list expression `list`. DuckDB: list[index];
    Spark: element_at(list, index), the index cast to INT (Spark takes no BIGINT there). -#}
{% macro list_item(list, index) -%}
{{ adapter.dispatch("list_item", "sqlpriv")(list, index) }}
{%- endmacro %}

{% macro default__list_item(list, index) -%}
{{ list }}[{{ index }}]
{%- endmacro %}

{% macro spark__list_item(list, index) -%}
element_at({{ list }}, cast({{ index }} as int))
{%- endmacro %}
