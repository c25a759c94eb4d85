{#- Append a step's select to an existing temporary table. -#}
{% macro engine_insert_into(table, body) -%}
insert into {{ sqlpriv.quote(table) }}
{{ body }}
{%- endmacro %}
