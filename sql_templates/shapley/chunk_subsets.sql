{#- The lattice subsets one chunk of the sampled per-pattern values reads (the subsets of sizes
    lo..hi + 1 of t.shared_lattice, or of t.lattice when not shared), as a table of its own for
    shapley/phi_sampled_chunk.sql: the planner then knows how many there are. Filtered in the
    chunk itself, their count was a guess (a fifth of the lattice), and DuckDB 2.0.1 built its
    hash table on the (pattern, subset) pairs, the larger side by far: 40 columns x 100k rows,
    the first chunk's 96M pairs against 10M cell terms, 69 s instead of 27 s
    (benchmarks/RESULTS.md, session gen14). -#}
{% macro shapley_chunk_subsets(t, lo, hi, shared=false) -%}
select * from {{ sqlpriv.quote(t.shared_lattice if shared else t.lattice) }}
where size between {{ lo | int }} and {{ (hi + 1) | int }}
{%- endmacro %}
