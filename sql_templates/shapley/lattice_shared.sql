{#- The subsets of a sampled lattice that hold at least one shared cell (n > 1 in the cells
    table), numbered 0, 1, ... in sid order (`pos`). Only these subsets add to a per-pattern sum
    (a pattern alone at s has log2 N(s) = 0 there, so every term of shapley/phi_sampled_chunk.sql
    and shapley/cross_entropy_chunk.sql vanishes), so the per-pattern and the sampled by()
    cross-entropy steps pair the patterns with these alone (the per-pattern step in chunks of
    whole strata, by subset size; the cross entropies in chunks of consecutive positions).
    On wide tables most of the lattice lies past the depth where every pattern is alone (40
    columns x 20,000 rows: 1,539 of 7,423 subsets; x 100,000 rows: 2,046). -#}
{% macro shapley_lattice_shared(t) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.shared_lattice)) }}
select l.*, row_number() over (order by l.sid) - 1 as pos
from {{ sqlpriv.quote(t.lattice) }} as l
where l.sid in (select sid from {{ sqlpriv.quote(t.cells) }} where n > 1)
{%- endmacro %}
