{#- Probe: the smallest and largest non-NULL value of one column of one table, as (lo, hi). -#}
{% macro engine_value_range(column, relation) -%}
select min({{ sqlpriv.quote(column) }}) as lo, max({{ sqlpriv.quote(column) }}) as hi from {{ relation }}
{%- endmacro %}
