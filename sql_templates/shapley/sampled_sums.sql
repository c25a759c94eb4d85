{#- The per-pattern sums of one part of a sampled lattice, from `matched` (a table or CTE of
    (pattern, subset, terms row) rows: k0.., sid, l, xj, lx; shapley/cell_terms.sql): per column j,
    phi_j = sum_s c_j(s) l and s2_j = sum_s (e_j(s) l^2 - 2 lx_j) (lattice_sampled.sql). Shared by
    shapley/phi_sampled_chunk.sql and the expansion (shapley/expand_matched.sql: one level, `size`,
    of the lattice). -#}
{% macro shapley_sampled_sums(t, columns, words, matched, size=none) -%}
select
{% for word in words %}
    m.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    sum(l.c{{ loop.index0 }} * m.l) as phi{{ loop.index0 }},
    sum(l.e{{ loop.index0 }} * m.l * m.l - case when m.xj = {{ loop.index0 }} then 2 * m.lx else 0.0 end) as s2{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(matched) }} as m
{% if size is none %}
join {{ sqlpriv.quote(t.lattice) }} as l on l.sid = m.sid
{% else %}
join (select * from {{ sqlpriv.quote(t.lattice) }} where size = {{ size }}) as l on l.sid = m.sid
{% endif %}
group by all
{%- endmacro %}
