{#- Probe: the number of distinct non-NULL values of each column of one table, as (j, n). -#}
{% macro engine_distinct_counts(columns, relation) -%}
{% for column in columns %}
select {{ loop.index0 }} as j, count(distinct {{ sqlpriv.quote(column) }}) as n from {{ relation }}{{ " union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
