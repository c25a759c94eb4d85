{#- The shared cells that the patterns of table `chosen` (k0..; e.g. the few hundred rows of
    Figure 2) meet at the lattice subsets: the cells table restricted to them, so that the cell
    terms (shapley/cell_terms.sql) are computed for these cells alone before their per-pattern
    sums. A cell's base at s - j (an order reveals j right after s - j, so that subset is in
    the lattice) is met by the same patterns, so it is kept too. The masked keys are computed
    in the pairs' own select before the join (shapley/cross_entropy_chunk.sql says why). -#}
{% macro shapley_chosen_cells(t, words, chosen) -%}
select c.*
from {{ sqlpriv.quote(t.cells) }} as c
join (
    select distinct
        l.sid,
{% for word in words %}
        p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(chosen) }} as p
    cross join {{ sqlpriv.quote(t.lattice) }} as l
) as q
    on q.sid = c.sid{% for word in words %} and q.q{{ loop.index0 }} = c.k{{ loop.index0 }}{% endfor %}
{%- endmacro %}
