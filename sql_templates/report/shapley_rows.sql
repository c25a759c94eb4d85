{#- The paper's Figure 2 data: `rows` rows at evenly spaced ranks of total uniqueness
    (the sum of a row's Shapley values, smallest first), one column per analysed column.
    Computed on the distinct patterns with their multiplicities, never on the rows: target rank
    r_i = floor((i + 0.5) * n / rows) falls into the pattern whose cumulative multiplicity
    interval holds it; a pattern may stand for several sampled ranks. `meta`: the output names of
    rank_sample, rank and total (pushed aside when an analysed column has one). -#}
{% macro report_shapley_rows(t, columns, meta, words, rows) -%}
with totals as (
    select
{% for c in columns %}
        coalesce(p.phi{{ loop.index0 }}, 0) as phi{{ loop.index0 }},
{% endfor %}
        ({% for c in columns %}coalesce(p.phi{{ loop.index0 }}, 0){{ " + " if not loop.last }}{% endfor %}) as total,
        w.w,
        {% for word in words %}w.k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %}

    from {{ sqlpriv.quote(t.patterns) }} as w
    left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
),
ranked as (
    select *,
        sum(w) over (order by total, {% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %} rows unbounded preceding) as upto
    from totals
),
n as (
    select sum(w)::bigint as n from totals
),
targets as (
    select i, floor((i + 0.5) * n.n / {{ rows | int }})::bigint as target
    from n, range(least({{ rows | int }}, n.n)) as g(i)
)
select
    g.i::bigint as {{ sqlpriv.quote(meta.rank_sample) }},
    g.target as {{ sqlpriv.quote(meta.rank) }},
{% for c in columns %}
    r.phi{{ loop.index0 }} as {{ sqlpriv.quote(c.name) }},
{% endfor %}
    r.total as {{ sqlpriv.quote(meta.total) }}
from targets as g
join ranked as r on g.target >= r.upto - r.w and g.target < r.upto
order by g.i
{%- endmacro %}
