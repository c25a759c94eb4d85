{#- Sampled per-pattern sums over one chunk of the lattice: the strata (positions) lo..hi, whose
    terms lie in the subsets of sizes lo..hi + 1 (shapley/sparse_coefficients.sql). Per column j,
    phi_j = sum_s c_j(s) log2 N(s) (the mean marginal over the sampled orders),
    s2_j = sum_s (e_j(s) log2^2 N(s) - 2 lx_j) (the sum over the orders of the squared marginals;
    lattice_sampled.sql, cell_terms.sql: a cell may have several rows, only its first has l > 0)
    and q_j = sum over strata of (the stratum's share of phi_j)^2, for the stratified standard
    error (shapley/phi_sampled_sum.sql): the matched pairs are summed per (pattern, column,
    stratum), then per (pattern, column) with the squares, then pivoted to one row per pattern
    (one integer key for the column and its stratum measured slower: RESULTS.md, session est1).
    A chunk holds whole strata, so the chunks' sums add up.
    Only (pattern, subset) pairs whose cell is shared contribute (log2 1 = 0), so the join to the
    shared cells drops the rest: no (pattern x order) table, and each chunk's hash table holds
    that chunk's cells only.
    `patterns`: a table name or the parts of one (engine/parts_union.sql). The pairs are narrow
    (keys and sid) until they meet the cells; the coefficients join the matched pairs only.
    `shared`: the subsets are read from t.shared_lattice (shapley/lattice_shared.sql: only the
    subsets holding a shared cell) instead of the whole lattice. -#}
{% macro shapley_phi_sampled_chunk(t, columns, words, lo, hi, patterns, shared=false) -%}
with pairs as (
    select
{% for word in words %}
        p.k{{ loop.index0 }},
{% endfor %}
{% for word in words %}
        p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
        l.sid
    from {{ sqlpriv.engine_parts_union(patterns) }} as p
    cross join (
        select * from {{ sqlpriv.quote(t.shared_lattice if shared else t.lattice) }}
        where size between {{ lo | int }} and {{ (hi + 1) | int }}
    ) as l
),
strata as (
    select
{% for word in words %}
        e.k{{ loop.index0 }},
{% endfor %}
        c.j,
        sum(c.phi) as phi,
        sum(c.s2) as s2
    from pairs as e
    join ({{ sqlpriv.shapley_sparse_terms(t, columns, words, lo, hi) }}) as c
        on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

    group by{% for word in words %} e.k{{ loop.index0 }},{% endfor %} c.j, c.stratum
),
long as (
    select{% for word in words %} k{{ loop.index0 }},{% endfor %} j, sum(phi) as phi, sum(s2) as s2, sum(phi * phi) as q
    from strata
    group by all
)
{{ sqlpriv.shapley_sparse_pivot(words, columns, "long") }}
{%- endmacro %}
