{#- One row: the least and greatest value of numeric `column` in `table` (of SDMetrics' random baseline rows). -#}
{% macro attacks_dcr_column_range(table, column) -%}
select min({{ sqlpriv.quote(column) }}), max({{ sqlpriv.quote(column) }}) from {{ sqlpriv.quote(table) }}
{%- endmacro %}
