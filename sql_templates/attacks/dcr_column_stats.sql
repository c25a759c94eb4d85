{#- One row: the share of NULLs of `column` in `table` (of SDMetrics' random baseline rows). -#}
{% macro attacks_dcr_column_stats(table, column) -%}
select avg(case when {{ sqlpriv.quote(column) }} is null then 1.0 else 0.0 end) from {{ sqlpriv.quote(table) }}
{%- endmacro %}
