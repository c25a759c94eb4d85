{#- The cell terms of a sampled lattice in long form (shapley/sparse_terms.sql), summed per
    closure cell: subsets with the same closure have the same cohorts (shapley/closure_cells.sql),
    so a pattern meets the cells of all of them at once, and their terms add up per (closure,
    key at the closure, column j) before any pattern is paired. One row per such triple, for
    the closures lo..hi (their sids: t.closed_lattice); the per-pattern step
    (shapley/phi_sampled_chunk.sql, `closed`) pairs the patterns with the closures, not the
    subsets. The same sums as the per-subset terms, in another order. -#}
{% macro shapley_closure_terms(t, columns, words, lo, hi) -%}
select
    x.csid as sid,
{% for word in words %}
    x.ck{{ loop.index0 }} + 0 as k{{ loop.index0 }},
{% endfor %}
    k.j,
    sum(k.c * x.l) as phi,
    sum(k.e * x.l * x.l - case when k.j = x.xj then 2 * x.lx else 0.0 end) as s2
from {{ sqlpriv.quote(t.terms) }} as x
join ({{ sqlpriv.shapley_sparse_coefficients(t, columns) }}) as k on k.sid = x.sid
where x.csid between {{ lo | int }} and {{ hi | int }} and (x.l > 0 or k.j = x.xj)
group by all
{%- endmacro %}
