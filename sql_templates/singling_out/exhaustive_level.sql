{#- Exhaustive mode, one level (every column set of `size` columns in each statement), by
    partition refinement (docs/measures.md §4). A set's cells are its base's cells split by its
    last column. Each cell is kept as groups of rows with the same values on the columns after
    the set's last column (the only ones its supersets in the search can add), with the group's
    synthetic and original counts and smallest positions (merged when a cell is carried): the
    rows of both tables collapse into few groups as the sets grow. Records not yet singled out are also kept one by one
    (members), to count them per cell. A cell is carried to the next level when it holds a
    member and is not settled: two synthetic records or more, or one with two original matches
    or more. A cell with one synthetic record and at most one original match is settled: unique
    on every superset, a hit now or never.
    One select per `part`, each kept (or appended) as a table by the plan (`fused`: the last
    level's cells straight from the previous level's tables, without keeping cand / members):
    tails (per column bit: its mask l0.. and the mask s0.. of the columns after it),
    seed / seed_members (level 0: every row under the empty set), cand / members (this
    level's groups and members), cells (counts per set and key), hits, stats (remaining records
    unique on each set), remaining (records not singled out after this level), carried / held
    (the open cells' groups and members, for the next level). -#}
{% macro singling_out_exhaustive_level(t, size, words, part, fused=false) -%}
{% if part == "tails" %}
select (1::bigint << c.j) as bit
{%- for w in words %}, case when c.word = {{ loop.index0 }} then c.mask else 0::bigint end as l{{ loop.index0 }}{% endfor %}
{%- for w in words %}, coalesce((select bit_or(a.mask) from {{ sqlpriv.quote(t.columns) }} as a
        where a.word = {{ loop.index0 }} and a.j > c.j), 0::bigint) as s{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.columns) }} as c
{% elif part == "seed" %}
select 0::bigint as sid{% for w in words %}, 0::bigint as ck{{ loop.index0 }}{% endfor %}{% for w in words %}, k{{ loop.index0 }} as sf{{ loop.index0 }}{% endfor %},
    (count(*) filter (where side = 0))::integer as n_syn,
    (count(*) filter (where side = 1))::integer as n_ori,
    min(pos) filter (where side = 0) as syn_min,
    min(pos) filter (where side = 1) as ori_min
from (
    select 0 as side, __sqlpriv_pos as pos{% for w in words %}, k{{ loop.index0 }}{% endfor %} from {{ sqlpriv.quote(t.syn_codes) }}
    union all
    select 1, __sqlpriv_pos{% for w in words %}, k{{ loop.index0 }}{% endfor %} from {{ sqlpriv.quote(t.ori_codes) }}
)
group by all
{% elif part == "seed_members" %}
select 0::bigint as sid{% for w in words %}, 0::bigint as ck{{ loop.index0 }}{% endfor %}{% for w in words %}, k{{ loop.index0 }} as sf{{ loop.index0 }}{% endfor %}, __sqlpriv_pos as pos
from {{ sqlpriv.quote(t.syn_codes) }}
{% elif part in ("cand", "members") %}
{% set src = t.carried if part == "cand" else t.held %}
select s.sid
{%- for w in words %}, g.ck{{ loop.index0 }} | (g.sf{{ loop.index0 }} & x.l{{ loop.index0 }}) as ck{{ loop.index0 }}{% endfor %}
{%- for w in words %}, g.sf{{ loop.index0 }} & x.s{{ loop.index0 }} as sf{{ loop.index0 }}{% endfor %},
    {{ "g.n_syn, g.n_ori, g.syn_min, g.ori_min" if part == "cand" else "g.pos" }}
from {{ sqlpriv.quote(src) }} as g
join {{ sqlpriv.quote(t.sets) }} as s on s.base = g.sid
join {{ sqlpriv.quote(t.tails) }} as x on x.bit = s.sid & ~s.base
where s.size = {{ size }}
{% elif part == "cells" %}
with
{% if fused %}
cand as (
{{ sqlpriv.singling_out_exhaustive_level(t=t, size=size, words=words, part="cand") }}
),
members as (
{{ sqlpriv.singling_out_exhaustive_level(t=t, size=size, words=words, part="members") }}
),
{% endif %}
counts as (
    select sid{% for w in words %}, ck{{ loop.index0 }}{% endfor %},
        sum(n_syn)::integer as n_syn, sum(n_ori)::integer as n_ori, min(syn_min) as syn_idx, min(ori_min) as ori_idx
    from {{ "cand" if fused else sqlpriv.quote(t.cand) }}
    group by all
),
held as (
    select sid{% for w in words %}, ck{{ loop.index0 }}{% endfor %}, count(*) as n_rem
    from {{ "members" if fused else sqlpriv.quote(t.members) }}
    group by all
)
select c.*, coalesce(h.n_rem, 0) as n_rem
from counts as c
left join held as h on h.sid = c.sid{% for w in words %} and h.ck{{ loop.index0 }} = c.ck{{ loop.index0 }}{% endfor %} 
{% elif part == "hits" %}
select syn_idx, sid, ori_idx, {{ size }} as size
from {{ sqlpriv.quote(t.cells) }}
where n_syn = 1 and n_ori = 1 and n_rem = 1
{% elif part == "stats" %}
with shared as (
    select sid, sum(n_rem) as n from {{ sqlpriv.quote(t.cells) }} where n_syn >= 2 group by sid
)
select s.sid, ((select count(*) from {{ sqlpriv.quote(t.remaining) }}) - coalesce(u.n, 0))::bigint as mpuccs_cnt
from {{ sqlpriv.quote(t.sets) }} as s
left join shared as u on u.sid = s.sid
where s.size = {{ size }}
{% elif part == "remaining" %}
select __sqlpriv_pos as pos
from {{ sqlpriv.quote(t.syn_codes) }}
where __sqlpriv_pos not in (select syn_idx from {{ sqlpriv.quote(t.hits) }})
{% elif part in ("carried", "held") %}
with live as (
    select m.*
    from {{ sqlpriv.quote(t.members) }} as m
    where m.pos in (select pos from {{ sqlpriv.quote(t.remaining) }})
),
open as (
    select x.sid{% for w in words %}, x.ck{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.cells) }} as x
    semi join live as l on l.sid = x.sid{% for w in words %} and l.ck{{ loop.index0 }} = x.ck{{ loop.index0 }}{% endfor %} 
    where x.n_syn >= 2 or x.n_ori >= 2
)
{% if part == "carried" %}
select g.sid{% for w in words %}, g.ck{{ loop.index0 }}{% endfor %}{% for w in words %}, g.sf{{ loop.index0 }}{% endfor %},
    sum(g.n_syn)::integer as n_syn, sum(g.n_ori)::integer as n_ori, min(g.syn_min) as syn_min, min(g.ori_min) as ori_min
from {{ sqlpriv.quote(t.cand) }} as g
semi join open as o on o.sid = g.sid{% for w in words %} and o.ck{{ loop.index0 }} = g.ck{{ loop.index0 }}{% endfor %} 
group by all
{% else %}
select g.*
from live as g
semi join open as o on o.sid = g.sid{% for w in words %} and o.ck{{ loop.index0 }} = g.ck{{ loop.index0 }}{% endfor %} 
{% endif %}
{% endif %}
{%- endmacro %}
