{#- The patterns (with u: engine/patterns_grouped.sql's `unique`) with u2, the bitmask of the
    columns j whose values together with the anchor column's (`anchor`, the column with most
    values) single the pattern out: N({anchor, j}) = 1. A pattern is alone in every subset s
    holding the anchor and one of those columns, so the direct cell count skips those pairs too
    (engine/cells_direct.sql's `anchor`), as it skips those of u: on UCI adult (fnlwgt the anchor)
    12.6M (pattern, subset) pairs fall to 9.0M (3.6M of the 5.1M pairs alone at their subset
    left out), and the cells step's CPU by a third (benchmarks/RESULTS.md, session shp8).
    Only the patterns not alone on the anchor are read (the others skip every subset holding it
    through u): each once per other column j, as one row (j, its value of j, its anchor value),
    counted in one grouping; the rows whose group holds one row flag their pattern. `fields`:
    j, word w and mask of every analysed column; u2 is 0 for a pattern alone on no such pair. -#}
{% macro shapley_unique_pairs(patterns, words, fields, anchor) -%}
{% set a = (fields | selectattr("j", "equalto", anchor) | first) %}
with numbered as (
    select *, {{ sqlpriv.row_id() }} as __sqlpriv_pid from {{ sqlpriv.quote(patterns) }}
),
long as (
    select
        p.__sqlpriv_pid as pid,
        f.j,
        p.w,
        case f.w{% for word in words %} when {{ loop.index0 }} then p.k{{ loop.index0 }}{% endfor %} end & f.mask as v,
        p.k{{ a.w | int }} & {{ sqlpriv.literal(a.mask) }} as av
    from numbered as p
    cross join (
        values
{% for f in fields if f.j != anchor %}
        ({{ f.j | int }}, {{ f.w | int }}, {{ sqlpriv.literal(f.mask) }}){{ "," if not loop.last }}
{% endfor %}
    ) as f(j, w, mask)
    where p.u & {{ sqlpriv.literal(2 ** anchor) }} = 0
),
alone as (  -- (column j, its value, the anchor's value) held by one row
    select j, v, av from long group by j, v, av having sum(w) = 1
),
flags as (
    select l.pid, sum(1::bigint << l.j)::bigint as u2
    from long as l
    join alone using (j, v, av)
    group by l.pid
)
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
    p.w,
    p.u,
    coalesce(f.u2, 0)::bigint as u2
from numbered as p
left join flags as f on f.pid = p.__sqlpriv_pid
{%- endmacro %}
