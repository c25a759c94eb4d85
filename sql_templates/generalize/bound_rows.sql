{#- The per-column, per-level loss bounds the search orders nodes by. -#}
{% macro generalize_bound_rows(bounds) -%}
select j, level, bound from {{ sqlpriv.quote(bounds) }} order by j, level
{%- endmacro %}
