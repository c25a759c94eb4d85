{#- The number of rows n: the summed counts of the distinct patterns. -#}
{% macro generalize_total(patterns) -%}
select sum(cnt) from {{ sqlpriv.quote(patterns) }}
{%- endmacro %}
