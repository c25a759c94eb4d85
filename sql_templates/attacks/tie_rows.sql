{#- Tie-inclusive neighbours: every synthetic row of each neighbour tuple (the candidates keep only
    a tuple's first k rows), ranked again by distance, then position. -#}
{% macro attacks_tie_rows(found, scaled) -%}
select n.tid, row_number() over (partition by n.tid order by n.d nulls last, s.__sqlpriv_pos) as rk, n.sid, s.__sqlpriv_pos as spos, n.d
from (select distinct tid, sid, d from {{ sqlpriv.quote(found) }}) as n
join {{ sqlpriv.quote(scaled) }} as s on s.tid = n.sid
{%- endmacro %}
