{#- Per set of the chunk: how many (remaining, in exhaustive mode) synthetic records are
    unique on it (mpuccs_cnt). -#}
insert into {{ t.stats | quote }}
with l as (
{% include "singling_out/_chunk.sql" %}
)
select l.sid, count(u.syn_idx)::bigint as mpuccs_cnt
from l left join {{ t.unique | quote }} as u on u.sid = l.sid
group by l.sid
