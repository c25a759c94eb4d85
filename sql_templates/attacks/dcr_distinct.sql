{#- The distinct non-NULL values of `column` in `table`, in order (drawn by SDMetrics' random baseline rows). -#}
{% macro attacks_dcr_distinct(table, column) -%}
select distinct {{ sqlpriv.quote(column) }} from {{ sqlpriv.quote(table) }} where {{ sqlpriv.quote(column) }} is not null order by 1
{%- endmacro %}
