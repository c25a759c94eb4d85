{#- Free an intermediate table as soon as the next step no longer needs it. -#}
{% macro engine_drop_table(table) -%}
drop table if exists {{ sqlpriv.quote(table) }}
{%- endmacro %}
