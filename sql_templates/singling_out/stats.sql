{#- Per set of the chunk: how many (remaining, in exhaustive mode) synthetic records are
    unique on it (mpuccs_cnt). -#}
{% macro singling_out_stats(t, hi, lo, size, words, pad=1) -%}
insert into {{ sqlpriv.quote(t.stats) }}
with l as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi, pad=pad) }}
)
select l.sid, count(u.syn_idx)::bigint as mpuccs_cnt
from l left join {{ sqlpriv.quote(t.unique) }} as u on u.sid = l.sid
group by l.sid
{%- endmacro %}
