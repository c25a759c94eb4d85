{#- Exhaustive mode, one chunk of sets: the synthetic cells (set, packed key) that hold exactly
    one record, restricted to the keys of remaining records (a semi-join, so only synthetic
    rows sharing such a key are counted) when few records remain; a plain count otherwise
    (same result, cheaper when most keys are wanted anyway). `pad` > 1: the chunk's sets read
    from the padded driver table (chunk.sql), the wanted keys from the sets table itself (so
    that `l` stays a single-use CTE that DuckDB inlines, not a materialized one-thread scan). -#}
{% macro singling_out_exhaustive_unique(t, hi, lo, restrict, size, words, pad=1) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.unique)) }}
with l as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi, pad=pad) }}
),
{% if restrict %}
ws as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi) }}
),
wanted as (
    select ws.sid{% for w in words %}, r.k{{ loop.index0 }} & ws.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(t.remaining) }} as r, ws
),
{% endif %}
keyed as (
    select l.sid{% for w in words %}, c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %}, c.__sqlpriv_pos
    from {{ sqlpriv.quote(t.syn_codes) }} as c, l
),
cells as (
    select x.sid{% for w in words %}, x.k{{ loop.index0 }}{% endfor %}, count(*) as n, min(x.__sqlpriv_pos) as syn_idx
    from keyed as x
{% if restrict %}
    semi join wanted as w on x.sid = w.sid{% for w in words %} and x.k{{ loop.index0 }} = w.k{{ loop.index0 }}{% endfor %} 
{% endif %}
    group by all
)
select sid{% for w in words %}, k{{ loop.index0 }}{% endfor %}, syn_idx
from cells
where n = 1 and syn_idx in (select __sqlpriv_pos from {{ sqlpriv.quote(t.remaining) }})
{%- endmacro %}
