{#- The classes of a batch of lattice nodes: one GROUP BY per node on its labels packed into a
    few integer words (words: per word the (column j, multiplier) pairs), joined by UNION ALL
    (measured faster than GROUPING SETS over the label columns, docs/measures.md §7).
    nodes: list of (node id, levels). Columns: node, w0.., c (rows in the class). -#}
{% macro generalize_classes(patterns, nodes, words) -%}
{% for node in nodes %}
  select {{ sqlpriv.literal(node[0]) }} as node
{%- for word in words %}, {% for pair in word %}{{ " + " if not loop.first }}{{ sqlpriv.quote("g_" ~ pair[0] ~ "_" ~ node[1][pair[0]]) }} * {{ sqlpriv.literal(pair[1]) }}{% endfor %} as {{ sqlpriv.quote("w" ~ loop.index0) }}{% endfor %}, sum(cnt) as c
  from {{ sqlpriv.quote(patterns) }}
  group by {% for word in words %}{{ sqlpriv.literal(loop.index + 1) }}{{ ", " if not loop.last }}{% endfor %}
{{ "  union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
