{#- One row: the share of NULLs of `column` in `table` (of SDMetrics' random baseline rows). -#}
{% macro attacks_dcr_column_stats(table, column) -%}
select avg(case when {{ sqlpriv.quote(column) }} is null then cast(1 as double) else cast(0 as double) end) from {{ sqlpriv.quote(table) }}
{%- endmacro %}
