{#- PETsARD parity mode: the synthetic-unique cells of the sets of the chunk that were not pruned. -#}
create or replace temp table {{ t.unique | quote }} as
select c.sid{% for w in words %}, c.k{{ loop.index0 }}{% endfor %}, c.syn_idx
from {{ t.cells | quote }} as c
join {{ t.status | quote }} as s on s.sid = c.sid
where c.n = 1 and not s.is_pruned
