{#- The distinct target tuples (`tid`, `cp`, c0, c1, ...): targets with equal values share
    neighbours; with `group`, also their scale `__sqlpriv_sg`. -#}
{% macro attacks_tuples(scaled, n_columns, group=false) -%}
select distinct tid, cp{% if group %}, __sqlpriv_sg{% endif %}{% for j in range(n_columns) %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %} from {{ sqlpriv.quote(scaled) }}
{%- endmacro %}
