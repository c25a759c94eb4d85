{#- The class statistics of a batch of lattice nodes, as one statement prepared once per search
    (docs/measures.md §7): planning a batch's statements cost as much as running them, so the
    search prepares this once and executes it per batch with the batch's nodes as parameters.
    $1 (or codes): the nodes, each as its lattice code (a mixed-radix number: level of column j =
    code // strides[j] % heights[j]); $2 (or first): the id of the first node (ids follow in list
    order). With codes and first given, a plain statement (the search's first batch creates the
    table with it).
    The classes: one GROUP BY of the patterns cross-joined with the node list, each node's labels
    packed into a few integer words (words: per word the (column j, multiplier) pairs); a CASE
    picks each column's label at the node's level. A class smaller than k is suppressed. Per node:
    its levels lvl_<j>, classes, smallest_class, suppressed (rows), suppressed_classes, dm_kept
    (sum of squared sizes of kept classes), dm_star (all classes), dm_bound (sum of size x
    max(size, k): a lower bound of the discernibility of every generalization of the node),
    singles (classes of one row) and, per column j, supp_share_<j> (sum of size x domain share over
    the suppressed classes) and supp_entropy_<j> (sum over the labels g of the suppressed records
    of S_g x log2(S / S_g), S_g of the S suppressed records carrying g: ARX's non-uniform entropy
    of suppression), both where the node's suppression stays within max_suppressed rows, else 0
    (the metrics do not use them then; with max_suppressed 0, always 0: the suppressed classes are
    not read at all); shares: (j, level, g, s) rows; a suppressed class's label
    of column j is decoded from its packed word with bases[j]. stats: the statistics
    table, whose nodes that suppress rows within the limit are evaluated again (what
    generalize/fill.sql adds their suppressed-class shares and entropies from). parts: with nothing
    suppressed read (max_suppressed 0), the nodes are grouped in this many parts (node id modulo
    parts), one GROUP BY each joined by UNION ALL: DuckDB scans a table of fewer than 122,880
    rows (one row group) on one thread, and runs the parts on as many (the classes' integer sums do
    not depend on it; adult's 19,502 patterns: about 40% less time a batch on 2 threads). The
    search splits a batch only from search.SPLIT_ROWS grouped rows on: a small batch costs less in
    one part than the parts' planning (benchmarks/RESULTS.md, session gen14). -#}
{% macro generalize_evaluate(patterns, shares, heights, strides, words, bases, k, max_suppressed, codes=none, first=none, stats=none, parts=1) -%}
{% set d = heights | length %}
with ids as (
{% if stats is not none %}
  select node{% for j in range(d) %}, {{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %}
  from {{ sqlpriv.quote(stats) }} where suppressed > 0 and suppressed <= {{ sqlpriv.literal(max_suppressed) }}
{% else %}
  select {% if first is none %}cast($2 as bigint){% else %}{{ sqlpriv.literal(first) }}{% endif %} + i - 1 as node
{% for j in range(d) %}
    , cast((code // {{ sqlpriv.literal(strides[j]) }}) % {{ sqlpriv.literal(heights[j]) }} as integer) as {{ sqlpriv.quote("lvl_" ~ j) }}
{% endfor %}
  from (select unnest(l) as code, generate_subscripts(l, 1) as i from (select
    {% if codes is none %}cast($1 as bigint[]){% else %}cast([{% for c in codes %}{{ sqlpriv.literal(c) }}{{ ", " if not loop.last }}{% endfor %}] as bigint[]){% endif %} as l) a) t
{% endif %}
), cls as (
{% set split = parts > 1 and max_suppressed <= 0 and stats is none %}
{% for part in range(parts if split else 1) %}
  select v.node
{%- for word in words %}, {% for pair in word %}{% set j = pair[0] %}{{ " + " if not loop.first }}
{%- if heights[j] == 1 %}p.{{ sqlpriv.quote("g_" ~ j ~ "_0") }}
{%- else %}(case v.{{ sqlpriv.quote("lvl_" ~ j) }}{% for level in range(heights[j]) %} when {{ sqlpriv.literal(level) }} then p.{{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}{% endfor %} end){% endif %} * {{ sqlpriv.literal(pair[1]) }}
{%- endfor %} as {{ sqlpriv.quote("w" ~ loop.index0) }}{% endfor %}, sum(p.cnt) as c
  from {{ sqlpriv.quote(patterns) }} as p cross join {% if split %}(select * from ids where node % {{ sqlpriv.literal(parts) }} = {{ sqlpriv.literal(part) }}) as v{% else %}ids as v{% endif %}

  group by {% for i in range(words | length + 1) %}{{ sqlpriv.literal(i + 1) }}{{ ", " if not loop.last }}{% endfor %}

{{ "  union all" if not loop.last }}
{% endfor %}
), agg as (
  select node, count(*) as classes, min(c) as smallest_class,
    coalesce(sum(c) filter (where c < {{ sqlpriv.literal(k) }}), 0) as suppressed,
    count(*) filter (where c < {{ sqlpriv.literal(k) }}) as suppressed_classes,
    coalesce(sum(c * c) filter (where c >= {{ sqlpriv.literal(k) }}), 0) as dm_kept,
    sum(c * c) as dm_star,
    sum(c * greatest(c, {{ sqlpriv.literal(k) }})) as dm_bound,
    count(*) filter (where c = 1) as singles
  from cls group by node
{% if max_suppressed > 0 %}
), sc as (
  -- the suppressed classes of nodes whose suppression stays within the limit, one row per column
  select s.node, s.c, r.j,
    case r.j{% for j in range(d) %} when {{ j }} then v.{{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %} end as level,
    case r.j
{%- for word in words %}{% set w = loop.index0 %}{% for pair in word %} when {{ sqlpriv.literal(pair[0]) }} then (s.{{ sqlpriv.quote("w" ~ w) }} // {{ sqlpriv.literal(pair[1]) }}) % {{ sqlpriv.literal(bases[pair[0]]) }}{% endfor %}{% endfor %} end as g
  from cls s
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
{% endif %}
)
select v.*, a.classes, a.smallest_class, a.suppressed, a.suppressed_classes, a.dm_kept, a.dm_star, a.dm_bound, a.singles
{% for j in range(d) %}
{% if max_suppressed > 0 %}
  , coalesce(ss.{{ sqlpriv.quote("supp_share_" ~ j) }}, 0.0) as {{ sqlpriv.quote("supp_share_" ~ j) }}
  , coalesce(se.{{ sqlpriv.quote("supp_entropy_" ~ j) }}, 0.0) as {{ sqlpriv.quote("supp_entropy_" ~ j) }}
{% else %}
  , cast(0.0 as double) as {{ sqlpriv.quote("supp_share_" ~ j) }}, cast(0.0 as double) as {{ sqlpriv.quote("supp_entropy_" ~ j) }}
{% endif %}
{% endfor %}
from ids v join agg a on a.node = v.node
{% if max_suppressed > 0 %}
left join ss on ss.node = v.node
left join se on se.node = v.node
{% endif %}
{%- endmacro %}
