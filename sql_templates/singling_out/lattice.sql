{#- Exhaustive mode, every level from `first` on at once, over the lattice of column sets (docs/measures.md §4):
    chosen instead of the per-set pairs of masks.sql when the lattice (the 2^d sets of `first` columns
    or more) is small. The records not yet singled out (ridx 0..records-1) are bits of `blocks`
    128-bit integers per column set S (record ridx: bit ridx % width of block ridx // width; `width`
    at most 127, so that no shift reaches the sign bit and a block's bit_count fits its tinyint):
    f(S): the records another synthetic row agrees with on S (not unique on S);
    g1(S), g2(S): the records one or more / two or more original rows agree with on S.
    A record's agreement masks with every row (agree_words.sql: one XOR per packed key word) are
    grouped per mask T, the synthetic ones straight into seeds f0(T) (bit_or per block), the original
    ones per (record, T) with their rows n and smallest position xpos (ori_masks: kept for the hits'
    positions), then into seeds g1_0(T) and g2_0(T) (n >= 2). Then S is covered by every mask T
    containing it: f(S) = OR of f0(T) over T with S & ~T = 0 (a superset "zeta" transform, one pass
    per column: f(S) |= f(S | bit) for S without the bit), g1 likewise, g2 by a count saturated at
    two (g2 |= g2' | (g1 & g1')). A record is singled out by S when it is unique in the synthetic
    table and has exactly one original match: g1 & ~g2 & ~f, at its smallest such size only (found;
    the records singled out by a smaller set leave the search). The level's count of records left
    unique on S (stats: mpuccs_cnt): the records left at |S| minus those in f(S).
    One select per `part`, each kept (or appended) as a table by the plan: records, driver (`pad` > 1:
    each record's codes followed by pad - 1 rows with a NULL ridx, several row groups so that the
    threads share the cross products, as chunk_sets.sql), syn_seed, ori_masks, ori_seed, lattice,
    zeta (column `j`), found, hits, stats. -#}
{% macro singling_out_lattice(t, words, part, first=1, max_cols=1, d=1, records=1, blocks=1, width=127, j=0, pad=1) -%}
{% if part == "records" %}
select __sqlpriv_pos as pos, (row_number() over (order by __sqlpriv_pos) - 1)::integer as ridx
from {{ sqlpriv.quote(t.syn_codes) }}
where __sqlpriv_pos not in (select syn_idx from {{ sqlpriv.quote(t.hits) }})
{% elif part == "driver" %}
select case when b.i = 0 then r.ridx end as ridx, r.pos{% for w in words %}, c.k{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.records) }} as r
join {{ sqlpriv.quote(t.syn_codes) }} as c on c.__sqlpriv_pos = r.pos
cross join {{ sqlpriv.integers("i", sqlpriv.literal(pad)) }} as b
order by r.ridx, b.i
{% elif part in ("syn_seed", "ori_masks") %}
with r as (
{% if pad > 1 %}
    select ridx, pos{% for w in words %}, k{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.driver) }}
    where ridx is not null
{% else %}
    select r.ridx, r.pos{% for w in words %}, c.k{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.records) }} as r
    join {{ sqlpriv.quote(t.syn_codes) }} as c on c.__sqlpriv_pos = r.pos
{% endif %}
),
d as (
    select r.ridx, x.__sqlpriv_pos as xpos, x.__sqlpriv_pos = r.pos as self
        {%- for w in words %}, xor(r.k{{ loop.index0 }}, x.k{{ loop.index0 }}) as d{{ loop.index0 }}{% endfor %} 
    from r, {{ sqlpriv.quote(t.syn_codes if part == "syn_seed" else t.ori_codes) }} as x
),
{% if part == "syn_seed" %}
g as (
    {#- the record's own row is left out by the filter, not by a join condition (DuckDB would
        then plan a slower nested-loop join); another row equal to it agrees on every column -#}
    select {{ sqlpriv.singling_out_agree_words(words) }}, ridx // {{ sqlpriv.literal(width) }} as blk,
        bit_or(1::hugeint << (ridx % {{ sqlpriv.literal(width) }})) filter (where not self) as f
    from d
    group by all
)
select {{ sqlpriv.singling_out_agree_bits(words) }} as m
{%- for w in range(blocks) %}, coalesce(bit_or(f) filter (where blk = {{ w }}), 0::hugeint) as f{{ w }}{% endfor %} 
from g
where f is not null and 0{% for w in words %} + bit_count(a{{ loop.index0 }}){% endfor %} >= {{ sqlpriv.literal(first) }}
group by all
{% else %}
g as (
    select ridx, {{ sqlpriv.singling_out_agree_words(words) }},
        count(*)::bigint as n, min(xpos) as xpos
    from d
    group by all
)
select ridx, {{ sqlpriv.singling_out_agree_bits(words) }} as m, n, xpos
from g
where 0{% for w in words %} + bit_count(a{{ loop.index0 }}){% endfor %} >= {{ sqlpriv.literal(first) }}
{% endif %}
{% elif part == "ori_seed" %}
with g as (
    select m, ridx // {{ sqlpriv.literal(width) }} as blk, bit_or(1::hugeint << (ridx % {{ sqlpriv.literal(width) }})) as g1,
        coalesce(bit_or(1::hugeint << (ridx % {{ sqlpriv.literal(width) }})) filter (where n >= 2), 0::hugeint) as g2
    from {{ sqlpriv.quote(t.ori_masks) }}
    group by all
)
select m
{%- for w in range(blocks) %}, coalesce(bit_or(g1) filter (where blk = {{ w }}), 0::hugeint) as g1_{{ w }}{% endfor %}
{%- for w in range(blocks) %}, coalesce(bit_or(g2) filter (where blk = {{ w }}), 0::hugeint) as g2_{{ w }}{% endfor %} 
from g
group by m
{% elif part == "lattice" %}
select l.sid
{%- for w in range(blocks) %}, coalesce(s.f{{ w }}, 0::hugeint) as f{{ w }}{% endfor %}
{%- for w in range(blocks) %}, coalesce(o.g1_{{ w }}, 0::hugeint) as g1_{{ w }}, coalesce(o.g2_{{ w }}, 0::hugeint) as g2_{{ w }}{% endfor %} 
from {{ sqlpriv.integers("sid", 2 ** d) }} as l
left join {{ sqlpriv.quote(t.syn_seed) }} as s on s.m = l.sid
left join {{ sqlpriv.quote(t.ori_seed) }} as o on o.m = l.sid
where bit_count(l.sid) >= {{ sqlpriv.literal(first) }}
{% elif part == "zeta" %}
select a.sid
{%- for w in range(blocks) %},
    case when c.sid is null then a.f{{ w }} else a.f{{ w }} | c.f{{ w }} end as f{{ w }},
    case when c.sid is null then a.g1_{{ w }} else a.g1_{{ w }} | c.g1_{{ w }} end as g1_{{ w }},
    case when c.sid is null then a.g2_{{ w }} else a.g2_{{ w }} | c.g2_{{ w }} | (a.g1_{{ w }} & c.g1_{{ w }}) end as g2_{{ w }}
{%- endfor %} 
from {{ sqlpriv.quote(t.lattice) }} as a
left join {{ sqlpriv.quote(t.lattice) }} as c on c.sid = a.sid | (1::bigint << {{ j }}) and (a.sid & (1::bigint << {{ j }})) = 0
{% elif part == "found" %}
with h as (
    select sid, bit_count(sid) as size
        {%- for w in range(blocks) %}, g1_{{ w }} & ~g2_{{ w }} & ~f{{ w }} as h{{ w }}{% endfor %} 
    from {{ sqlpriv.quote(t.lattice) }}
    where bit_count(sid) <= {{ max_cols }}
),
u as (
    select sid, size, unnest([{% for w in range(blocks) %}{{ ", " if w }}h{{ w }}{% endfor %}]) as h,
        unnest(range({{ sqlpriv.literal(blocks) }})) as blk
    from h
    where 0 <> 0{% for w in range(blocks) %} or h{{ w }} <> 0{% endfor %} 
)
select u.sid, u.size, (u.blk * {{ sqlpriv.literal(width) }} + i.i)::integer as ridx
from u, {{ sqlpriv.integers("i", sqlpriv.literal(width)) }} as i
where u.h <> 0 and ((u.h >> i.i::integer) & 1) = 1
qualify u.size = min(u.size) over (partition by ridx)
{% elif part == "hits" %}
select r.pos as syn_idx, h.sid, min(o.xpos) as ori_idx, h.size
from {{ sqlpriv.quote(t.found) }} as h
join {{ sqlpriv.quote(t.records) }} as r on r.ridx = h.ridx
join {{ sqlpriv.quote(t.ori_masks) }} as o on o.ridx = h.ridx and (h.sid & ~o.m) = 0
group by r.pos, h.sid, h.size
{% elif part == "stats" %}
with smallest as (
    select ridx, min(size) as size from {{ sqlpriv.quote(t.found) }} group by ridx
),
left_at as (
    {#- per size k: the records left (not singled out by a smaller set) and their bits -#}
    select k.k, count(r.ridx) as n
        {%- for w in range(blocks) %}, coalesce(bit_or(1::hugeint << (r.ridx % {{ sqlpriv.literal(width) }})) filter (where r.ridx // {{ sqlpriv.literal(width) }} = {{ w }}), 0::hugeint) as b{{ w }}{% endfor %} 
    from {{ sqlpriv.integers("k", sqlpriv.literal(max_cols + 1)) }} as k
    left join (
        select r.ridx, coalesce(s.size, {{ sqlpriv.literal(max_cols + 1) }}) as size
        from {{ sqlpriv.quote(t.records) }} as r
        left join smallest as s on s.ridx = r.ridx
    ) as r on r.size >= k.k
    where k.k >= {{ sqlpriv.literal(first) }}
    group by k.k
)
select z.sid, (l.n - (0{% for w in range(blocks) %} + bit_count(z.f{{ w }} & l.b{{ w }})::integer{% endfor %}))::bigint as mpuccs_cnt
from {{ sqlpriv.quote(t.lattice) }} as z
join left_at as l on l.k = bit_count(z.sid)
where bit_count(z.sid) <= {{ max_cols }}
{% endif %}
{%- endmacro %}
