{#- PETsARD parity mode, one chunk of sets: every synthetic cell of the sets whose base
    combination was not pruned (sets of size 1 have no base). Full counts: the entropy
    needs the whole distribution. -#}
create or replace temp table {{ t.cells | quote }} as
with l as (
    select s.*
    from (
{% include "singling_out/_chunk.sql" %}
    ) as s
{% if size > 1 %}
    join {{ t.status | quote }} as b on b.sid = s.base
    where not b.is_pruned
{% endif %}
)
select l.sid{% for w in words %}, c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %},
    count(*) as n, min(c.__sqlpriv_pos) as syn_idx
from {{ t.syn_codes | quote }} as c, l
group by all
