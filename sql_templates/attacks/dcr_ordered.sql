{#- The rows of a per-row table of dcr (`table`) in the order of its `key` column. -#}
{% macro attacks_dcr_ordered(table, key) -%}
select * from {{ sqlpriv.quote(table) }} order by {{ sqlpriv.quote(key) }}
{%- endmacro %}
