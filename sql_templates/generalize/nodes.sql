{#- Class statistics of a batch of lattice nodes in one scan of the patterns (GROUPING SETS: one
    grouping set per node). nodes: list of (node id, levels, grouping id); gcols: the grouping columns the batch uses; used[j]: the levels of column j it uses. A class is suppressed when smaller
    than k. Per node: classes, smallest_class, suppressed (rows), suppressed_classes, dm_kept (sum
    of squared sizes of kept classes), dm_star (all classes), kept_singles (rows alone in a kept
    class) and, per column j, supp_share_<j> (sum of size x domain share over suppressed classes). -#}
{% macro generalize_nodes(patterns, nodes, heights, gcols, used, k) -%}
{% set d = heights | length %}
with cls as (
  select grouping_id({% for g in gcols %}{{ sqlpriv.quote(g) }}{{ ", " if not loop.last }}{% endfor %}) as gid,
    sum(cnt) as c
{% for j in range(d) %}
    , coalesce({% for level in used[j] %}{{ sqlpriv.quote("s_" ~ j ~ "_" ~ level) }}{{ ", " if not loop.last }}{% endfor %}) as {{ sqlpriv.quote("sh_" ~ j) }}
{% endfor %}
  from {{ sqlpriv.quote(patterns) }}
  group by grouping sets (
{% for node in nodes %}
    ({% for j in range(d) %}{{ sqlpriv.quote("g_" ~ j ~ "_" ~ node[1][j]) }}, {{ sqlpriv.quote("s_" ~ j ~ "_" ~ node[1][j]) }}{{ ", " if not loop.last }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
  )
)
select ids.node{% for j in range(d) %}, any_value(ids.{{ sqlpriv.quote("lvl_" ~ j) }}) as {{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %},
  count(*) as classes, min(c) as smallest_class,
  coalesce(sum(c) filter (where c < {{ k }}), 0) as suppressed,
  count(*) filter (where c < {{ k }}) as suppressed_classes,
  coalesce(sum(c * c) filter (where c >= {{ k }}), 0) as dm_kept,
  sum(c * c) as dm_star,
  count(*) filter (where c = 1) as singles
{% for j in range(d) %}
  , coalesce(sum(c * {{ sqlpriv.quote("sh_" ~ j) }}) filter (where c < {{ k }}), 0.0) as {{ sqlpriv.quote("supp_share_" ~ j) }}
{% endfor %}
from cls join (values
{% for node in nodes %}
  ({{ sqlpriv.literal(node[0]) }}, {{ sqlpriv.literal(node[2]) }}{% for level in node[1] %}, {{ sqlpriv.literal(level) }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
) as ids(node, gid{% for j in range(d) %}, {{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %}) on cls.gid = ids.gid
group by ids.node
{%- endmacro %}
