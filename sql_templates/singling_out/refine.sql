{#- Exhaustive mode, the levels from `refine_from` on, by partition refinement (docs/measures.md §4);
    the smaller levels run chunked (exhaustive_unique.sql, hits.sql). A set's cells are its base's
    cells split by its last column. Each cell is kept as groups of rows with the same values on the
    columns after the set's last column (the only ones its supersets can add), with the group's
    synthetic and original counts and smallest positions: the rows of both tables collapse into
    few groups as the sets grow. Records not yet singled out are kept one by one (members) to count
    them per cell. A cell is carried to the next level when it holds such a member and is not
    settled: two synthetic records or more, or one with two original matches or more. A cell with
    one synthetic record and at most one original match is settled: unique on every superset, a
    hit now or never.
    The first refined level's groups are counted from the coded rows (members_seed, then
    cand_seed: every set of the level, chunked, only the cells that hold a record not yet singled
    out; each table counted on its own, then the two joined), so no level is both chunked and
    refined.
    One select per `part`, each kept (or appended) as a table by the plan:
    tails (per column bit: its mask l0.. and the mask s0.. of the columns after it), level_sets
    (the first refined level's sets with the masks m0.. of their columns and s0.. of the later ones), rest
    (records not singled out so far), members_seed / cand_seed (the first refined level's
    members and groups), cand / members (a later level's groups and members, refined from
    carried / held), cells (counts per set and key), hits, stats (remaining records unique on
    each set), carried / held (the open cells' groups and members, for the next level). -#}
{% macro singling_out_refine(t, size, words, part, lo=0, hi=0) -%}
{% if part == "tails" %}
select (1::bigint << c.j) as bit
{%- for w in words %}, case when c.word = {{ loop.index0 }} then c.mask else 0::bigint end as l{{ loop.index0 }}{% endfor %}
{%- for w in words %}, coalesce((select bit_or(a.mask) from {{ sqlpriv.quote(t.columns) }} as a
        where a.word = {{ loop.index0 }} and a.j > c.j), 0::bigint) as s{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.columns) }} as c
{% elif part == "rest" %}
select __sqlpriv_pos as pos
from {{ sqlpriv.quote(t.syn_codes) }}
where __sqlpriv_pos not in (select syn_idx from {{ sqlpriv.quote(t.hits) }})
{% elif part == "level_sets" %}
select s.sid, s.ord{% for w in words %}, s.m{{ loop.index0 }}, x.s{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.sets) }} as s
join {{ sqlpriv.quote(t.tails) }} as x on x.bit = s.sid & ~s.base
where s.size = {{ size }}
{% elif part == "members_seed" %}
select s.sid
{%- for w in words %}, c.k{{ loop.index0 }} & s.m{{ loop.index0 }} as ck{{ loop.index0 }}{% endfor %}
{%- for w in words %}, c.k{{ loop.index0 }} & s.s{{ loop.index0 }} as sf{{ loop.index0 }}{% endfor %}, c.__sqlpriv_pos as pos
from {{ sqlpriv.quote(t.syn_codes) }} as c
join {{ sqlpriv.quote(t.rest) }} as r on r.pos = c.__sqlpriv_pos
cross join {{ sqlpriv.quote(t.level_sets) }} as s
{% elif part == "cand_seed" %}
with l as (
    select sid{% for w in words %}, m{{ loop.index0 }}, s{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.level_sets) }}
    where ord between {{ lo }} and {{ hi }}
),
wanted as (
    select distinct m.sid{% for w in words %}, m.ck{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.members) }} as m
    semi join l on l.sid = m.sid
),
{% for side in ("syn", "ori") %}
{{ "syn_groups" if side == "syn" else "ori_groups" }} as (
    select g.sid{% for w in words %}, g.ck{{ loop.index0 }}{% endfor %}{% for w in words %}, g.sf{{ loop.index0 }}{% endfor %},
        count(*)::integer as n, min(g.pos) as pos
    from (
        select l.sid
        {%- for w in words %}, r.k{{ loop.index0 }} & l.m{{ loop.index0 }} as ck{{ loop.index0 }}{% endfor %}
        {%- for w in words %}, r.k{{ loop.index0 }} & l.s{{ loop.index0 }} as sf{{ loop.index0 }}{% endfor %}, r.__sqlpriv_pos as pos
        from {{ sqlpriv.quote(t[side ~ "_codes"]) }} as r, l
    ) as g
    semi join wanted as w on w.sid = g.sid{% for w in words %} and w.ck{{ loop.index0 }} = g.ck{{ loop.index0 }}{% endfor %} 
    group by all
){{ "," if side == "syn" }}
{% endfor %}
select coalesce(s.sid, o.sid) as sid
{%- for w in words %}, coalesce(s.ck{{ loop.index0 }}, o.ck{{ loop.index0 }}) as ck{{ loop.index0 }}{% endfor %}
{%- for w in words %}, coalesce(s.sf{{ loop.index0 }}, o.sf{{ loop.index0 }}) as sf{{ loop.index0 }}{% endfor %},
    coalesce(s.n, 0) as n_syn, coalesce(o.n, 0) as n_ori, s.pos as syn_min, o.pos as ori_min
from syn_groups as s
full join ori_groups as o on o.sid = s.sid{% for w in words %} and o.ck{{ loop.index0 }} = s.ck{{ loop.index0 }} and o.sf{{ loop.index0 }} = s.sf{{ loop.index0 }}{% endfor %} 
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
with counts as (
    select sid{% for w in words %}, ck{{ loop.index0 }}{% endfor %},
        sum(n_syn)::integer as n_syn, sum(n_ori)::integer as n_ori, min(syn_min) as syn_idx, min(ori_min) as ori_idx
    from {{ sqlpriv.quote(t.cand) }}
    group by all
),
held as (
    select sid{% for w in words %}, ck{{ loop.index0 }}{% endfor %}, count(*) as n_rem
    from {{ sqlpriv.quote(t.members) }}
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
select s.sid, ((select count(*) from {{ sqlpriv.quote(t.rest) }}) - coalesce(u.n, 0))::bigint as mpuccs_cnt
from {{ sqlpriv.quote(t.sets) }} as s
left join shared as u on u.sid = s.sid
where s.size = {{ size }}
{% elif part in ("carried", "held") %}
with live as (
    select m.*
    from {{ sqlpriv.quote(t.members) }} as m
    where m.pos in (select pos from {{ sqlpriv.quote(t.rest) }})
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
