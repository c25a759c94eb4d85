{#- Sampled by() of an expression that reads only the analysed columns in `reads` (sid mask
    `read_sid`, key masks `masks`): on every lattice subset s holding those columns each shared
    cell lies inside one level, so the cross-entropy sums |v| X_v(s) = sum over the level's cells
    at s of n log2 n are read from the cells alone (cell-level work, no pattern met). A cell's
    level is the level of any pattern with the same values of those columns (table t.levels).
    shapley/cross_entropy_chunk.sql covers the other subsets. The same holds for any column set
    whose values fix the level (shapley/determining_columns.sql): `earlier`, the sid masks of the
    sets summed before this one, leaves out the subsets holding one of those. -#}
{% macro shapley_cross_entropy_cells(t, words, masks, read_sid, earlier=[]) -%}
with keyed as (
    select distinct
{% for word in words %}
        k{{ loop.index0 }} & {{ sqlpriv.literal(masks[loop.index0]) }} as j{{ loop.index0 }},
{% endfor %}
        level
    from {{ sqlpriv.quote(t.levels) }}
),
cells as (
    select
        sid,
{% for word in words %}
        k{{ loop.index0 }} & {{ sqlpriv.literal(masks[loop.index0]) }} as j{{ loop.index0 }},
{% endfor %}
        n
    from {{ sqlpriv.quote(t.cells) }}
    where sid & {{ sqlpriv.literal(read_sid) }} = {{ sqlpriv.literal(read_sid) }}
{% for e in earlier %}
        and sid & {{ sqlpriv.literal(e) }} <> {{ sqlpriv.literal(e) }}
{% endfor %}
)
select x.level, c.sid, sum(c.n * log2(c.n)) as sum_log_n
from cells as c
join keyed as x on {% for word in words %}x.j{{ loop.index0 }} = c.j{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}

group by all
{%- endmacro %}
