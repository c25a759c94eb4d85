{#- The cell terms of a sampled lattice (shapley/cell_terms.sql) in long form over the non-zero
    coefficients of their subset (shapley/sparse_coefficients.sql): one row per (shared cell,
    column j with c_j(s) or e_j(s) not 0) with its stratum, phi = c_j(s) log2 N(s) and
    s2 = e_j(s) log2^2 N(s) - 2 lx_j, the cell's whole contribution to the per-pattern sums of
    every pattern in it, for the strata lo..hi of one chunk. The keys are read as computed values
    (k + 0): joining on the stored key columns of the terms table (several rows per key) made
    DuckDB 2.0.0 fail with an internal error ("dict-surviving cache ... changed identity").
    A cell with several terms rows (several columns ending orders at s) has
    l > 0 on its first row only, so each coefficient is counted once and each cross term on the
    row of its own column. Cell-level work only (about 2 rows per cell on adult, never stored):
    shapley/phi_sampled_chunk.sql then adds these rows up per (pattern, column, stratum) with no
    per-pair arithmetic. -#}
{% macro shapley_sparse_terms(t, columns, words, lo, hi) -%}
select
    x.sid,
{% for word in words %}
    x.k{{ loop.index0 }} + 0 as k{{ loop.index0 }},
{% endfor %}
    k.j,
    k.stratum,
    k.c * x.l as phi,
    k.e * x.l * x.l - case when k.j = x.xj then 2 * x.lx else 0.0 end as s2
from {{ sqlpriv.quote(t.terms) }} as x
join ({{ sqlpriv.shapley_sparse_coefficients(t, columns) }}) as k on k.sid = x.sid
where k.stratum between {{ lo | int }} and {{ hi | int }} and (x.l > 0 or k.j = x.xj)
{%- endmacro %}
