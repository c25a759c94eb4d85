{#- The evaluated nodes from id first on, with what the search needs: meets_policy, the chosen
    metric's value, DM* and the rows suppressed (body: the rendered candidates query). -#}
{% macro generalize_since(body, metric, first) -%}
select node, meets_policy, {{ sqlpriv.quote(metric) }}, dm_star, suppressed from (
{{ body }}
) c where node >= {{ sqlpriv.literal(first) }} order by node
{%- endmacro %}
