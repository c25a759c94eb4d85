{#- The distinct target tuples (`tid`, `cp`, c0, c1, ...): targets with equal values share neighbours. -#}
{% macro attacks_tuples(scaled, n_columns) -%}
select distinct tid, cp{% for j in range(n_columns) %}, {{ sqlpriv.quote("c" ~ j) }}{% endfor %} from {{ sqlpriv.quote(scaled) }}
{%- endmacro %}
