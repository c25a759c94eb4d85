{#- Probe: fails unless the relation can be selected from. -#}
{% macro engine_exists(relation) -%}
select * from {{ relation }} limit 0
{%- endmacro %}
