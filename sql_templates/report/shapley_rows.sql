{#- The paper's Figure 2 data: `rows` rows at evenly spaced ranks of total uniqueness
    (the sum of a row's Shapley values, smallest first), one column per analysed column.
    The rows are chosen from the patterns' multiplicities (shapley/rank_sample.sql, table
    `sample`) and only their values are read from `phi` (every pattern's values, or the
    sampled patterns' own). -#}
{% macro report_shapley_rows(columns, words, sample, phi) -%}
select
    g.rank_sample,
    g.target as "rank",
{% for c in columns %}
    coalesce(p.phi{{ loop.index0 }}, 0) as {{ sqlpriv.quote(c.name) }},
{% endfor %}
    g.total as total
from {{ sqlpriv.quote(sample) }} as g
left join {{ sqlpriv.quote(phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by g.rank_sample
{%- endmacro %}
