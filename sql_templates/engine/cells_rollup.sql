{#- Cohort cells of every lattice subset of one size, each aggregated from the cells of its
    parent (a superset one column larger): counts N(s) without touching the rows again. -#}
{% macro engine_cells_rollup(t, extras, parent_table, size, words) -%}
select
    l.sid,
{% for word in words %}
    c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    c.{{ e }},
{% endfor %}
    sum(c.n)::bigint as n
from {{ sqlpriv.quote(parent_table) }} as c
join {{ sqlpriv.quote(t.lattice) }} as l on c.sid = l.parent
where l.size = {{ size }}
group by all
{%- endmacro %}
