{#- Exhaustive mode, one chunk of sets: the synthetic cells (set, packed key) that hold exactly
    one record, restricted to the keys of remaining records (a semi-join, so only synthetic
    rows sharing such a key are counted) when few records remain; a plain count otherwise
    (same result, cheaper when most keys are wanted anyway). With `blocks` > 1 the (row, set)
    pairs come from the driver table t.spread (spread.sql: the chunk's sets x blocks) joined to
    the rows on position % blocks, so that the threads share the statement (the same pairs), and
    the wanted keys are joined de-duplicated (a semi-join there builds on the larger side). -#}
{% macro singling_out_exhaustive_unique(t, hi, lo, restrict, size, words, blocks=1) -%}
create or replace temp table {{ sqlpriv.quote(t.unique) }} as
with l as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi) }}
),
{% if restrict %}
wanted as (
    select l.sid{% for w in words %}, r.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.remaining) }} as r, l
),
{% endif %}
keyed as (
    select l.sid{% for w in words %}, c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %}, c.__sqlpriv_pos
{% if blocks > 1 %}
    from {{ sqlpriv.quote(t.spread) }} as sp
    join l on l.sid = sp.key
    join {{ sqlpriv.quote(t.syn_codes) }} as c on c.__sqlpriv_pos % {{ sqlpriv.literal(blocks) }} = sp.blk
{% else %}
    from {{ sqlpriv.quote(t.syn_codes) }} as c, l
{% endif %}
),
cells as (
    select x.sid{% for w in words %}, x.k{{ loop.index0 }}{% endfor %}, count(*) as n, min(x.__sqlpriv_pos) as syn_idx
    from keyed as x
{% if restrict and blocks > 1 %}
    join (select distinct * from wanted) as w on x.sid = w.sid{% for w in words %} and x.k{{ loop.index0 }} = w.k{{ loop.index0 }}{% endfor %} 
{% elif restrict %}
    semi join wanted as w on x.sid = w.sid{% for w in words %} and x.k{{ loop.index0 }} = w.k{{ loop.index0 }}{% endfor %} 
{% endif %}
    group by all
)
select sid{% for w in words %}, k{{ loop.index0 }}{% endfor %}, syn_idx
from cells
where n = 1 and syn_idx in (select __sqlpriv_pos from {{ sqlpriv.quote(t.remaining) }})
{%- endmacro %}
