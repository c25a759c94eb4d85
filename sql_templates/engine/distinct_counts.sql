{#- Probe: the number of distinct non-NULL values of each column of one table, as (j, n). -#}
{% for column in columns %}
select {{ loop.index0 }} as j, count(distinct {{ column | quote }}) as n from {{ relation }}{{ " union all" if not loop.last }}
{% endfor %}
