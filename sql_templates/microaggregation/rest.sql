{#- MDAV's last group (docs/measures.md, microaggregation): the rows of `relation` (pos, z0.., g)
    still without a group (fewer than 2 x aggr, or fewer than 3 x aggr after the last round of one
    group) form group `first`. `d`: the number of columns. -#}
{% macro microaggregation_rest(relation, d, first) -%}
select pos, {% for j in range(d) %}{{ sqlpriv.quote("z" ~ j) }}, {% endfor %}coalesce(g, {{ sqlpriv.literal(first) }}) as g
from {{ relation }}
{%- endmacro %}
