{#- The rows of the paper's Figure 2 before any Shapley value is computed: `rows` rows at evenly
    spaced ranks of total uniqueness. A row's total (the sum of its Shapley values) is
    log2 n - log2 N(all columns) by efficiency, exact or sampled (every order's marginals add up
    to it), so the ranks come from the patterns' multiplicities w alone: target rank
    r_i = floor((i + 0.5) * n / m), m = least(rows, n), falls into the pattern whose cumulative multiplicity
    interval holds it (patterns ordered by w, largest first, then key; a pattern may stand for
    several ranks). With rows >= n every rank is taken once (dividing by rows instead took only
    the n^2/rows least unique ranks, each several times). Only these patterns' values are then
    computed. -#}
{% macro shapley_rank_sample(t, words, rows) -%}
with n as (
    select sum(w)::bigint as n from {{ sqlpriv.quote(t.patterns) }}
),
ranked as (
    select
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
        w,
        sum(w) over (order by w desc, {% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %} rows unbounded preceding) as upto
    from {{ sqlpriv.quote(t.patterns) }}
),
targets as (
    select i, floor((i + 0.5) * n.n / least({{ rows | int }}, n.n))::bigint as target
    from n, range(least({{ rows | int }}, n.n)) as g(i)
)
select
    g.i::bigint as rank_sample,
    g.target,
{% for word in words %}
    r.k{{ loop.index0 }},
{% endfor %}
    r.w,
    log2(n.n) - log2(r.w) as total
from targets as g
cross join n
join ranked as r on g.target >= r.upto - r.w and g.target < r.upto
{%- endmacro %}
