{#- Probe: names of existing tables and views starting with a prefix (bound as $1). -#}
{% macro engine_fresh_names() -%}
select table_name from information_schema.tables where starts_with(table_name, ?)
{%- endmacro %}
