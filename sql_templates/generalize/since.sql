{#- The evaluated nodes from id $1 on (a prepared statement's parameter: the first node of the
    batch), with what the search needs: meets_policy, the chosen metric's value, the
    discernibility bound dm_bound and the rows suppressed (body: the rendered candidates query). -#}
{% macro generalize_since(body, metric) -%}
select node, meets_policy, {{ sqlpriv.quote(metric) }}, dm_bound, suppressed from (
{{ body }}
) c where node >= cast($1 as bigint) order by node
{%- endmacro %}
