{#- Probe: the row count of each of several tables (dictionary sizes), as (j, n). -#}
{% for table in tables %}
select {{ loop.index0 }} as j, count(*) as n from {{ table | quote }}{{ " union all" if not loop.last }}
{% endfor %}
