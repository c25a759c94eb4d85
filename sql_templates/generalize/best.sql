{#- The best node: among those meeting the policy, the lowest value of the metric (loss: the
    per-column losses sorted descending, compared lexicographically as ARX's RANK aggregate); ties
    broken by the lowest sum of levels, then the levels in column order. -#}
{% macro generalize_best(body, metric, qis) -%}
select * from (
{{ body }}
) c where meets_policy
order by {{ sqlpriv.quote(metric) }}, level_sum{% for q in qis %}, {{ sqlpriv.quote(q) }}{% endfor %}
limit 1
{%- endmacro %}
