{#- The classes of a batch of lattice nodes: one GROUP BY of the patterns cross-joined with the
    batch's node list, each node's labels packed into a few integer words (words: per word the
    (column j, multiplier) pairs). One plan for any number of nodes: a UNION ALL of one GROUP BY
    per node spent more time planning than running (docs/measures.md §7). A column whose level is
    the same for every node of the batch (fixed[j] not none) reads that level's label directly;
    otherwise a CASE picks the node's level, from lo[j] (the lowest level the patterns table
    holds) up. nodes: list of (node id, levels). Columns: node, w0.., c (rows in the class). -#}
{% macro generalize_classes(patterns, nodes, words, heights, lo, fixed) -%}
select v.node
{%- for word in words %}, {% for pair in word %}{% set j = pair[0] %}{{ " + " if not loop.first }}
{%- if fixed[j] is not none %}p.{{ sqlpriv.quote("g_" ~ j ~ "_" ~ fixed[j]) }}
{%- else %}(case v.{{ sqlpriv.quote("lvl_" ~ j) }}{% for level in range(lo[j], heights[j]) %} when {{ sqlpriv.literal(level) }} then p.{{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}{% endfor %} end){% endif %} * {{ sqlpriv.literal(pair[1]) }}
{%- endfor %} as {{ sqlpriv.quote("w" ~ loop.index0) }}{% endfor %}, sum(p.cnt) as c
from {{ sqlpriv.quote(patterns) }} as p
cross join (values
{% for node in nodes %}
  ({{ sqlpriv.literal(node[0]) }}{% for level in node[1] %}, {{ sqlpriv.literal(level) }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
) as v(node{% for j in range(heights | length) %}, {{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %})
group by {% for i in range(words | length + 1) %}{{ sqlpriv.literal(i + 1) }}{{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}
