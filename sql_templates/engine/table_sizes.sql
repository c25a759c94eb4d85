{#- Probe: the row count of each of several tables (dictionary sizes), as (j, n). -#}
{% macro engine_table_sizes(tables) -%}
{% for table in tables %}
select {{ loop.index0 }} as j, count(*) as n from {{ sqlpriv.quote(table) }}{{ " union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
