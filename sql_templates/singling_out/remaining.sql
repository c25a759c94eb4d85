{#- Synthetic records not yet singled out by a smaller column set: the only ones a set of
    this size can add (a record singled out by a subset is never re-examined). -#}
create or replace temp table {{ t.remaining | quote }} as
select c.*
from {{ t.syn_codes | quote }} as c
where c.__sqlpriv_pos not in (select syn_idx from {{ t.hits | quote }} where size < {{ size }})
