{#- The per-column, per-level loss and entropy bounds the search orders nodes by. -#}
{% macro generalize_bound_rows(bounds) -%}
select j, level, bound, entropy_bound from {{ sqlpriv.quote(bounds) }} order by j, level
{%- endmacro %}
