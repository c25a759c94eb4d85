{#- The classes of a batch of lattice nodes with their sizes, each with one of its distinct
    patterns (pid: the pattern's rowid in the patterns table): what generalize/evaluate.sql
    computes a batch's statistics from, and what later batches read their snapshots from
    (ARX's snapshots, docs/measures.md §7). The hierarchies nest (checked when compiled), so a
    node's labels are a function of the labels of any node below it: a class of a finer node
    lies whole in one class of the node, and the node's classes are a GROUP BY of the finer
    node's classes (with their sizes, taking the labels of their pattern) instead of all
    patterns. $1 (or codes): the nodes' lattice codes; $2 (or first): the first node's id;
    $3: per node, the id of the evaluated node below it whose classes it is grouped from (-1:
    from the patterns, kept in the table as the classes of node -1, one per pattern). Without
    classes (the search's first batch, creating the table), every node is grouped from the
    patterns, and the patterns are added as node -1. words / heights / strides: as generalize/evaluate.sql. -#}
{% macro generalize_classes(patterns, heights, strides, words, classes=none, codes=none, first=none) -%}
{% set d = heights | length %}
{% set keys -%}
{%- for word in words %}, {% for pair in word %}{% set j = pair[0] %}{{ " + " if not loop.first }}
{%- if heights[j] == 1 %}p.{{ sqlpriv.quote("g_" ~ j ~ "_0") }}
{%- else %}(case v.{{ sqlpriv.quote("lvl_" ~ j) }}{% for level in range(heights[j]) %} when {{ sqlpriv.literal(level) }} then p.{{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}{% endfor %} end){% endif %} * {{ sqlpriv.literal(pair[1]) }}
{%- endfor %} as {{ sqlpriv.quote("w" ~ loop.index0) }}{% endfor %}
{%- endset %}
{% set group %}group by {% for i in range(words | length + 1) %}{{ sqlpriv.literal(i + 1) }}{{ ", " if not loop.last }}{% endfor %}{% endset %}
with ids as (
  select {% if first is none %}cast($2 as bigint){% else %}{{ sqlpriv.literal(first) }}{% endif %} + i - 1 as node{% if classes is not none %}, src{% endif %}
{% for j in range(d) %}
    , cast((code // {{ sqlpriv.literal(strides[j]) }}) % {{ sqlpriv.literal(heights[j]) }} as integer) as {{ sqlpriv.quote("lvl_" ~ j) }}
{% endfor %}
  from (select unnest(l) as code, generate_subscripts(l, 1) as i{% if classes is not none %}, unnest(f) as src{% endif %} from (select
    {% if codes is none %}cast($1 as bigint[]){% else %}cast([{% for c in codes %}{{ sqlpriv.literal(c) }}{{ ", " if not loop.last }}{% endfor %}] as bigint[]){% endif %} as l
    {%- if classes is not none %}, cast($3 as bigint[]) as f{% endif %}) a) t
)
{% if classes is none %}
select v.node{{ keys }}, min(p.rowid) as pid, sum(p.cnt) as c
from {{ sqlpriv.quote(patterns) }} as p cross join ids as v
{{ group }}
union all
select -1{% for word in words %}, cast(0 as bigint){% endfor %}, p.rowid, p.cnt
from {{ sqlpriv.quote(patterns) }} as p
{% else %}
select v.node{{ keys }}, min(x.pid) as pid, sum(x.c) as c
from ids as v
join {{ sqlpriv.quote(classes) }} as x on x.node = v.src
join {{ sqlpriv.quote(patterns) }} as p on p.rowid = x.pid
{{ group }}
{% endif %}
{%- endmacro %}
