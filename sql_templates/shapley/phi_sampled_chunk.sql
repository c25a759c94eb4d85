{#- Sampled per-pattern sums over one chunk of the lattice: the strata (positions) lo..hi, whose
    terms lie in the subsets of sizes lo..hi + 1 (shapley/sparse_coefficients.sql). Per column j,
    phi_j = sum_s c_j(s) log2 N(s) (the mean marginal over the sampled orders),
    s2_j = sum_s (e_j(s) log2^2 N(s) - 2 lx_j) (the sum over the orders of the squared marginals;
    lattice_sampled.sql, cell_terms.sql: a cell may have several rows, only its first has l > 0)
    and q_j = sum over strata of (the stratum's share of phi_j)^2, for the stratified standard
    error (shapley/phi_sampled_sum.sql): the matched pairs are summed per (pattern, column,
    stratum), then per (pattern, column) with the squares, then pivoted to one row per pattern.
    The patterns are numbered (shapley/_numbered_patterns.sql) and every grouping is on one
    BIGINT made of the number, the column and the stratum: about 20% less CPU than grouping on
    the key words (benchmarks/RESULTS.md, session est1).
    A chunk holds whole strata, so the chunks' sums add up.
    Only (pattern, subset) pairs whose cell is shared contribute (log2 1 = 0), so the join to the
    shared cells drops the rest: no (pattern x order) table, and each chunk's hash table holds
    that chunk's cells only.
    `patterns`: a table name or the parts of one (engine/table_part.sql). The pairs are narrow
    (the pattern's number, its masked keys and sid) until they meet the cells.
    `shared`: the subsets are read from t.shared_lattice (shapley/lattice_shared.sql: only the
    subsets holding a shared cell) instead of the whole lattice.
    `subsets`: a table holding the chunk's subsets (shapley/chunk_subsets.sql), read instead of
    filtering the lattice here (so that the planner knows their number). -#}
{% macro shapley_phi_sampled_chunk(t, columns, words, lo, hi, patterns, shared=false, subsets=none) -%}
with pairs as (
    select
        p.pid,
{% for word in words %}
        p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
        l.sid
    from {{ sqlpriv.shapley_numbered_patterns(patterns) }} as p
    cross join (
{% if subsets %}
        select * from {{ sqlpriv.quote(subsets) }}
{% else %}
        {{ sqlpriv.shapley_chunk_subsets(t, lo, hi, shared) }}
{% endif %}
    ) as l
),
strata as (  -- one BIGINT key per (pattern, column, stratum): pid * 4096 + 64 j + stratum
    select
        e.pid * 4096 + c.j * 64 + c.stratum as key,
        sum(c.phi) as phi,
        sum(c.s2) as s2
    from pairs as e
    join ({{ sqlpriv.shapley_sparse_terms(t, columns, words, lo, hi) }}) as c
        on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

    group by 1
),
long as (  -- per (pattern, column): pid * 64 + j
    select {{ sqlpriv.int_div("key", "64") }} as pj, sum(phi) as phi, sum(s2) as s2, sum(phi * phi) as q
    from strata
    group by 1
)
{{ sqlpriv.shapley_sparse_pivot(columns, "long") }}
{%- endmacro %}
