{#- The shared cells (n > 1) of the lattice subsets that no order's prefix reaches (the extra
    single columns and leave-one-out sets of shapley/lattice_sampled.sql, when no sampled order
    visits them), counted straight from the patterns like engine/cells_direct.sql, skipping the
    pairs of a pattern alone on one of the subset's columns (u: shapley/unique_columns.sql).
    Same columns as the cells table. -#}
{% macro shapley_run_rest(t, words, patterns, owned) -%}
select
    l.sid,
{% for word in words %}
    p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    sum(p.w)::bigint as n
from {{ sqlpriv.quote(patterns) }} as p
cross join (
    select * from {{ sqlpriv.quote(t.lattice) }}
    where sid not in (select sid from {{ sqlpriv.quote(owned) }})
) as l
where p.u & l.sid = 0
group by all
having sum(p.w) > 1
{%- endmacro %}
