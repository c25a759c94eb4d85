{#- Exhaustive mode, the levels from `first` on by per-record agreement masks (docs/measures.md §4),
    chosen instead of partition refinement (refine.sql) when few records remain after the chunked
    levels. For each record r not yet singled out (rest) and each row x of a table, the mask of
    the columns on which they agree, one bit per column in set-id order (bit j = column j, as
    sid): with the packed key words, d = xor(r.k, x.k), and ~(((d & L) + L) | d) & H has the top
    bit of each code field set exactly where the field is equal (L: every field's bits but its
    top one, H: its top bit; no carry crosses a field), no comparison per column. Masks with fewer
    than `size` columns (agree: the first masked level) cover no set searched here and are dropped. Grouped per (r, mask): the
    rows (n) and the smallest position (xpos).
    A record is unique in the synthetic table on a set S unless another synthetic row agrees with
    it on S, i.e. unless one of its maximal synthetic masks covers S (S & ~m = 0); the original
    rows matching it on S are those whose masks cover S (their counts summed, the smallest
    position kept). The maximal masks are found once, by popcount descending (a mask is kept
    unless a kept one of its record covers it: the kept ones listed per record first, max_lists,
    and tested with a list lambda, half the CPU time of a join on the record with the cover test
    as its residual), and listed per record.
    One select per `part`, each kept (or appended) as a table by the plan:
    agree (side: syn or ori, the grouped masks), maximal_top / max_lists / maximal (size: the
    popcount; the maximal masks of a side), lists (the maximal synthetic masks per record), pairs (the
    remaining records unique on each set of `size` columns), hits (those with exactly one
    original match), stats (per set of the level: remaining records unique on it).
    `blocks` > 1 (agree, pairs): the cross product driven by t.spread (spread.sql: the records
    left x blocks) joined on position % blocks (rows for agree, the level's sets for pairs), so
    that the threads share the statement; the same pairs. -#}
{% macro singling_out_masks(t, words, part, side="syn", size=0, blocks=1) -%}
{% if part == "agree" %}
with r as (
    select c.__sqlpriv_pos as pos{% for w in words %}, c.k{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.syn_codes) }} as c
    semi join {{ sqlpriv.quote(t.rest) }} as x on x.pos = c.__sqlpriv_pos
),
d as (
    select r.pos, x.__sqlpriv_pos as xpos{% for w in words %}, xor(r.k{{ loop.index0 }}, x.k{{ loop.index0 }}) as d{{ loop.index0 }}{% endfor %} 
{% if blocks > 1 %}
    from r
    join {{ sqlpriv.quote(t.spread) }} as sp on sp.key = r.pos
    join {{ sqlpriv.quote(t[side ~ "_codes"]) }} as x on x.__sqlpriv_pos % {{ sqlpriv.literal(blocks) }} = sp.blk
{% else %}
    from r, {{ sqlpriv.quote(t[side ~ "_codes"]) }} as x
{% endif %}
{% if side == "syn" %}
    where x.__sqlpriv_pos <> r.pos
{% endif %}
),
a as (
    select pos,{{ sqlpriv.singling_out_agree_words(words) }},
        count(*)::bigint as n, min(xpos) as xpos
    from d
    group by all
)
select pos, {{ sqlpriv.singling_out_agree_bits(words) }} as m, n, xpos
from a
where 0{% for w in words %} + bit_count(a{{ loop.index0 }}){% endfor %} >= {{ size }}
{% elif part == "maximal_top" %}
select pos, m
from {{ sqlpriv.quote(t[side ~ "_masks"]) }}
where bit_count(m) = {{ size }}
{% elif part == "max_lists" %}
select pos, list(m) as ms
from {{ sqlpriv.quote(t[side ~ "_max"]) }}
group by pos
{% elif part == "maximal" %}
select a.pos, a.m
from {{ sqlpriv.quote(t[side ~ "_masks"]) }} as a
left join {{ sqlpriv.quote(t.max_lists) }} as x on x.pos = a.pos
where bit_count(a.m) = {{ size }}
    and not coalesce(list_bool_or(list_transform(x.ms, lambda k: (a.m & ~k) = 0)), false)
{% elif part == "lists" %}
select pos, list(m) as ms
from {{ sqlpriv.quote(t.syn_max) }}
group by pos
{% elif part == "pairs" %}
{% if blocks > 1 %}
select sp.key as pos, s.sid
from {{ sqlpriv.quote(t.spread) }} as sp
left join {{ sqlpriv.quote(t.syn_lists) }} as x on x.pos = sp.key
join (select sid, ord from {{ sqlpriv.quote(t.sets) }} where size = {{ size }}) as s on s.ord % {{ sqlpriv.literal(blocks) }} = sp.blk
{% else %}
select r.pos, s.sid
from {{ sqlpriv.quote(t.rest) }} as r
left join {{ sqlpriv.quote(t.syn_lists) }} as x on x.pos = r.pos
cross join (select sid from {{ sqlpriv.quote(t.sets) }} where size = {{ size }}) as s
{% endif %}
where not coalesce(list_bool_or(list_transform(x.ms, lambda m: (s.sid & ~m) = 0)), false)
{% elif part == "hits" %}
with matched as (
    select u.pos, u.sid
    from {{ sqlpriv.quote(t.pairs) }} as u
    semi join {{ sqlpriv.quote(t.ori_max) }} as o on o.pos = u.pos and (u.sid & ~o.m) = 0
)
select c.pos as syn_idx, c.sid, min(m.xpos) as ori_idx, {{ size }} as size
from matched as c
join {{ sqlpriv.quote(t.ori_masks) }} as m on m.pos = c.pos and (c.sid & ~m.m) = 0
group by c.pos, c.sid
having sum(m.n) = 1
{% elif part == "stats" %}
select s.sid, count(u.pos)::bigint as mpuccs_cnt
from {{ sqlpriv.quote(t.sets) }} as s
left join {{ sqlpriv.quote(t.pairs) }} as u on u.sid = s.sid
where s.size = {{ size }}
group by s.sid
{% endif %}
{%- endmacro %}
