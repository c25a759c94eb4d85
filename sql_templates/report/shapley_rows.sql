{#- The paper's Figure 2 data: `rows` rows at evenly spaced ranks of total uniqueness
    (the sum of a row's Shapley values, smallest first), one column per analysed column.
    The rows are chosen from the patterns' multiplicities (shapley/rank_sample.sql, table
    `sample`) and only their values are read from `phi` (every pattern's values, or the
    sampled patterns' own). `meta`: the output names of rank_sample, rank and total (pushed
    aside when an analysed column has one). -#}
{% macro report_shapley_rows(columns, words, sample, phi, meta) -%}
select
    g.rank_sample as {{ sqlpriv.quote(meta.rank_sample) }},
    g.target as {{ sqlpriv.quote(meta.rank) }},
{% for c in columns %}
    coalesce(p.phi{{ loop.index0 }}, 0) as {{ sqlpriv.quote(c.name) }},
{% endfor %}
    g.total as {{ sqlpriv.quote(meta.total) }}
from {{ sqlpriv.quote(sample) }} as g
left join {{ sqlpriv.quote(phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by g.rank_sample
{%- endmacro %}
