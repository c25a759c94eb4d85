{#- Sampled by(): the cross-entropy sums X_v(s) * |v| = sum over the level's rows of log2 N(s)
    for one chunk of the lattice (subsets with sid lo..hi), from the level's patterns
    (shapley/levels.sql) and the shared cells (the cells table holds only those): one row per (level, subset). shapley/by.sql
    reads them for the level's mean values and standard errors; no (pattern x subset) table.
    The masked keys are computed in the pairs' own select before the join: a join condition
    masking the cross product's columns makes DuckDB 2.0.0 fail with an internal error
    ("dict-surviving cache ... changed identity"). `skip_sids`: the subsets holding all columns
    of one of these sid masks are left out (shapley/cross_entropy_cells.sql sums them from the
    cells). `shared`:
    lo..hi are positions in t.shared_lattice (shapley/lattice_shared.sql: the subsets holding a
    shared cell, the only ones that add to the sums), not sids of the whole lattice. -#}
{% macro shapley_cross_entropy_chunk(t, words, lo, hi, skip_sids=[], shared=false) -%}
with pairs as (
    select
        v.level,
        v.w,
{% for word in words %}
        v.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
        l.sid
    from {{ sqlpriv.quote(t.levels) }} as v
    cross join (
        select * from (
{% if shared %}
            select * from {{ sqlpriv.quote(t.shared_lattice) }} where pos between {{ lo }} and {{ hi }}
{% else %}
            select * from {{ sqlpriv.quote(t.lattice) }} where sid between {{ lo }} and {{ hi }}
{% endif %}
        )
        where true{% for skip in skip_sids %} and sid & {{ sqlpriv.literal(skip) }} <> {{ sqlpriv.literal(skip) }}{% endfor %}

    ) as l
)
select e.level, e.sid, sum(e.w * log2(c.n)) as sum_log_n
from pairs as e
join (select * from {{ sqlpriv.quote(t.cells) }} where sid between {{ sqlpriv.shapley_chunk_bound(t, lo, hi, shared) }} and {{ sqlpriv.shapley_chunk_bound(t, lo, hi, shared, last=true) }}) as c
    on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

group by all
{%- endmacro %}
