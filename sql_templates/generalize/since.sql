{#- The evaluated nodes from id first on, with what the search needs: meets_policy, the chosen
    metric's value, the discernibility bound dm_bound and the rows suppressed (body: the rendered candidates query). -#}
{% macro generalize_since(body, metric, first) -%}
select node, meets_policy, {{ sqlpriv.quote(metric) }}, dm_bound, suppressed from (
{{ body }}
) c where node >= {{ sqlpriv.literal(first) }} order by node
{%- endmacro %}
