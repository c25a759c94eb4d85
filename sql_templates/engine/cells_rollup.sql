{#- Cohort cells of every subset of one size, each aggregated from its parent's cells
    (a superset already computed): counts N(s) without touching the rows again. -#}
insert into {{ table | quote }}
select
    l.sid,
{% for word in words %}
    c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    c.{{ e }},
{% endfor %}
    sum(c.n)::bigint as n
from {{ table | quote }} as c
join {{ t.lattice | quote }} as l on c.sid = l.parent
where l.size = {{ size }}
group by all
