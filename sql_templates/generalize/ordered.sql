{#- The candidate table in the order the search evaluated the nodes (body: the candidates query). -#}
{% macro generalize_ordered(body) -%}
select * exclude (node, dm_star, dm_bound) from (
{{ body }}
) c order by node
{%- endmacro %}
