{#- Sampled by(): the cross-entropy sums X_v(s) * |v| = sum over the level's rows of log2 N(s)
    for one chunk of the lattice (subsets with sid lo..hi), from the level's patterns
    (shapley/levels.sql) and the shared cells (the cells table holds only those): one row per (level, subset). shapley/by.sql
    reads them for the level's mean values and standard errors; no (pattern x subset) table.
    The masked keys are computed in the pairs' own select before the join: a join condition
    masking the cross product's columns makes DuckDB 2.0.0 fail with an internal error
    ("dict-surviving cache ... changed identity"). `skip_sid`: the subsets holding all of these
    columns are left out, on both sides of the join (shapley/cross_entropy_cells.sql sums them from
    the cells). The levels travel as small integers (`ids`) through the (pattern, subset) pairs
    and their sums, and are named again at the end. -#}
{% macro shapley_cross_entropy_chunk(t, words, lo, hi, skip_sid=0) -%}
with ids as (
    select level, row_number() over (order by level nulls last) as lid
    from (select distinct level from {{ sqlpriv.quote(t.levels) }})
),
pairs as (
    select
        i.lid,
        v.w,
{% for word in words %}
        v.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
        l.sid
    from {{ sqlpriv.quote(t.levels) }} as v
    join ids as i on i.level is not distinct from v.level
    cross join (
        select * from {{ sqlpriv.quote(t.lattice) }}
        where sid between {{ lo }} and {{ hi }}{% if skip_sid %} and sid & {{ sqlpriv.literal(skip_sid) }} <> {{ sqlpriv.literal(skip_sid) }}{% endif %}

    ) as l
),
sums as (
    select e.lid, e.sid, sum(e.w * log2(c.n)) as sum_log_n
    from pairs as e
    join (
        select * from {{ sqlpriv.quote(t.cells) }}
        where sid between {{ lo }} and {{ hi }}{% if skip_sid %} and sid & {{ sqlpriv.literal(skip_sid) }} <> {{ sqlpriv.literal(skip_sid) }}{% endif %}

    ) as c
        on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

    group by all
)
select i.level, s.sid, s.sum_log_n
from sums as s
join ids as i using (lid)
{%- endmacro %}
