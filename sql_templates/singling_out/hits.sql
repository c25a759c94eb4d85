{#- Synthetic-unique cells whose key occurs exactly once in the original table: the record is
    singled out by the set. Original rows are counted only for keys of unique cells (a semi-join). -#}
{% macro singling_out_hits(t, hi, lo, size, words, pad=1) -%}
insert into {{ sqlpriv.quote(t.hits) }}
with l as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi, pad=pad) }}
),
keyed as (
    select l.sid{% for w in words %}, o.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %}, o.__sqlpriv_pos
    from {{ sqlpriv.quote(t.ori_codes) }} as o, l
),
ori_cells as (
    select x.sid{% for w in words %}, x.k{{ loop.index0 }}{% endfor %}, count(*) as n, min(x.__sqlpriv_pos) as ori_idx
    from keyed as x
    semi join {{ sqlpriv.quote(t.unique) }} as w on x.sid = w.sid{% for w in words %} and x.k{{ loop.index0 }} = w.k{{ loop.index0 }}{% endfor %} 
    group by all
)
select u.syn_idx, u.sid, o.ori_idx, {{ size }} as size
from {{ sqlpriv.quote(t.unique) }} as u
join ori_cells as o on o.sid = u.sid{% for w in words %} and o.k{{ loop.index0 }} = u.k{{ loop.index0 }}{% endfor %} 
where o.n = 1
{%- endmacro %}
