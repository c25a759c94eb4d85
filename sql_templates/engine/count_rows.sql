{#- Probe: the number of rows of a table, view or source (orchestration reads it). -#}
{% macro engine_count_rows(relation) -%}
select count(*) as n from {{ relation }}
{%- endmacro %}
