{#- The entropy lattice: every column subset with its joint entropy H(s) in bits. -#}
{% from "shapley/_entropies.sql" import entropies_cte %}
with {{ entropies_cte(t) }}
select
    list_filter([{% for c in columns %}{{ c.name | literal }}{{ ", " if not loop.last }}{% endfor %}],
                lambda x, i: sqlpriv_has_bit(e.sid, i - 1)) as columns,
    l.size,
    e.entropy
from entropies as e
join {{ t.lattice | quote }} as l using (sid)
order by l.size, e.sid
