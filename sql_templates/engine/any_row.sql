{#- Probe: one row when the relation has any, none when it is empty (orchestration reads it). -#}
{% macro engine_any_row(relation) -%}
select 1 as one from {{ relation }} limit 1
{%- endmacro %}
