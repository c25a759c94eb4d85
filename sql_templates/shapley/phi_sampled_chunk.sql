{#- Sampled per-pattern sums over one chunk of the lattice (subsets with sid lo..hi):
    per column j, phi_j = sum_s c_j(s) log2 N(s) (the mean marginal over the sampled orders)
    and s2_j = sum_s (e_j(s) log2^2 N(s) - 2 lx_j) (the sum over the orders of the squared
    marginals; lattice_sampled.sql, cell_terms.sql: a cell may have several rows, only its
    first has l > 0). Only (pattern, subset) pairs whose
    cell is shared contribute (log2 1 = 0), so the join to the shared cells drops the rest. The
    chunks' sums are added up by shapley/phi_sampled_sum.sql: no (pattern x order) table, and
    each chunk's hash table holds that chunk's cells only.
    `patterns`: a table name or the parts of one (engine/parts_union.sql). The pairs are narrow
    (keys and sid) until they meet the cells; the coefficients join the matched pairs only.
    `shared`: lo..hi are positions in t.shared_lattice (shapley/lattice_shared.sql: only the
    subsets holding a shared cell), not sids of the whole lattice. -#}
{% macro shapley_phi_sampled_chunk(t, columns, words, lo, hi, patterns, sparse=false, shared=false) -%}
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
{% if shared %}
        select * from {{ sqlpriv.quote(t.shared_lattice) }} where pos between {{ lo }} and {{ hi }}
{% else %}
        select * from {{ sqlpriv.quote(t.lattice) }} where sid between {{ lo }} and {{ hi }}
{% endif %}
    ) as l
),
{% if sparse %}
long as (
    select
{% for word in words %}
        e.k{{ loop.index0 }},
{% endfor %}
        c.j,
        sum(c.phi) as phi,
        sum(c.s2) as s2
    from pairs as e
    join ({{ sqlpriv.shapley_sparse_terms(t, columns, words, sqlpriv.shapley_chunk_bound(t, lo, hi, shared), sqlpriv.shapley_chunk_bound(t, lo, hi, shared, last=true)) }}) as c
        on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

    group by all
)
{{ sqlpriv.shapley_sparse_pivot(words, columns, "long") }}
{% else %}
matched as (
    select
{% for word in words %}
        e.k{{ loop.index0 }},
{% endfor %}
        e.sid,
        c.l,
        c.xj,
        c.lx
    from pairs as e
    join {{ sqlpriv.shapley_terms_chunk(t, words, sqlpriv.shapley_chunk_bound(t, lo, hi, shared), sqlpriv.shapley_chunk_bound(t, lo, hi, shared, last=true)) }} as c
        on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

)
{{ sqlpriv.shapley_sampled_sums(t, columns, words, "matched") }}
{% endif %}
{%- endmacro %}
