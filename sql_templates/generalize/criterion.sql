{#- One privacy criterion of the policy as a condition on a node's statistics (candidates.sql):
    k_anonymity: every kept class has at least k rows (classes below k are suppressed, the limit
    is checked by 'applied'); max_unique_share: rows alone in a released class / n <= value. Further
    criteria (l-diversity, risk models) add a branch here. -#}
{% macro generalize_criterion(kind, value, n, k) -%}
{% if kind == "k_anonymity" %}
true
{% elif kind == "max_unique_share" %}
(case when applied and {{ sqlpriv.literal(k) }} > 1 then 0 else singles end) <= {{ sqlpriv.literal(value) }} * {{ sqlpriv.literal(n) }}
{% else %}
false
{% endif %}
{%- endmacro %}
