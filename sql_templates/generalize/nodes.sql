{#- Class statistics of a batch of lattice nodes (classes: the table generalize/classes.sql made;
    nodes: list of (node id, levels)). A class smaller than k is suppressed. Per node: its levels,
    classes, smallest_class, suppressed (rows), suppressed_classes, dm_kept (sum of squared sizes of
    kept classes), dm_star (all classes), dm_bound (sum of size x max(size, k): a lower bound of the
    discernibility of every generalization of the node, docs/measures.md §7), singles (classes of
    one row) and, per column j, supp_share_<j> (sum of size x domain share over the suppressed
    classes) and supp_entropy_<j> (sum over the labels g of the suppressed records of
    S_g x log2(S / S_g), S_g of the S suppressed records carrying g: ARX's non-uniform entropy of
    suppression), both where the node's suppression stays within max_suppressed rows, else 0 (the
    metrics do not use them then); shares: (j, level, g, s) rows; a suppressed class's label of
    column j is decoded from its packed word with bases[j]). -#}
{% macro generalize_nodes(classes, shares, nodes, words, bases, k, max_suppressed) -%}
{% set d = bases | length %}
with ids as (
  select * from (values
{% for node in nodes %}
    ({{ sqlpriv.literal(node[0]) }}{% for level in node[1] %}, {{ sqlpriv.literal(level) }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
  ) as t(node{% for j in range(d) %}, {{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %})
), agg as (
  select node, count(*) as classes, min(c) as smallest_class,
    coalesce(sum(c) filter (where c < {{ sqlpriv.literal(k) }}), 0) as suppressed,
    count(*) filter (where c < {{ sqlpriv.literal(k) }}) as suppressed_classes,
    coalesce(sum(c * c) filter (where c >= {{ sqlpriv.literal(k) }}), 0) as dm_kept,
    sum(c * c) as dm_star,
    sum(c * greatest(c, {{ sqlpriv.literal(k) }})) as dm_bound,
    count(*) filter (where c = 1) as singles
  from {{ sqlpriv.quote(classes) }} group by node
), sc as (
  -- the suppressed classes of nodes whose suppression stays within the limit, one row per column
  select s.node, s.c, r.j,
    case r.j{% for j in range(d) %} when {{ j }} then v.{{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %} end as level,
    case r.j
{%- for word in words %}{% set w = loop.index0 %}{% for pair in word %} when {{ sqlpriv.literal(pair[0]) }} then (s.{{ sqlpriv.quote("w" ~ w) }} // {{ sqlpriv.literal(pair[1]) }}) % {{ sqlpriv.literal(bases[pair[0]]) }}{% endfor %}{% endfor %} end as g
  from {{ sqlpriv.quote(classes) }} s
  join agg a on a.node = s.node and a.suppressed <= {{ sqlpriv.literal(max_suppressed) }}
  join ids v on s.node = v.node
  cross join range({{ sqlpriv.literal(d) }}) as r(j)
  where s.c < {{ sqlpriv.literal(k) }}
), ss as (
  select sc.node{% for j in range(d) %}, sum(sc.c * sh.s) filter (where sc.j = {{ j }}) as {{ sqlpriv.quote("supp_share_" ~ j) }}{% endfor %}
  from sc join {{ sqlpriv.quote(shares) }} sh on sh.j = sc.j and sh.level = sc.level and sh.g = sc.g
  group by sc.node
), sg as (
  select node, j, g, sum(c) as cnt from sc group by node, j, g
), se as (
  select sg.node{% for j in range(d) %}, sum(sg.cnt * log2(a.suppressed / sg.cnt)) filter (where sg.j = {{ j }}) as {{ sqlpriv.quote("supp_entropy_" ~ j) }}{% endfor %}
  from sg join agg a on a.node = sg.node
  group by sg.node
)
select v.*, a.classes, a.smallest_class, a.suppressed, a.suppressed_classes, a.dm_kept, a.dm_star, a.dm_bound, a.singles
{% for j in range(d) %}
  , coalesce(ss.{{ sqlpriv.quote("supp_share_" ~ j) }}, 0.0) as {{ sqlpriv.quote("supp_share_" ~ j) }}
  , coalesce(se.{{ sqlpriv.quote("supp_entropy_" ~ j) }}, 0.0) as {{ sqlpriv.quote("supp_entropy_" ~ j) }}
{% endfor %}
from ids v join agg a on a.node = v.node
left join ss on ss.node = v.node
left join se on se.node = v.node
{%- endmacro %}
