{#- One row per pattern number (pid) from per (pattern, column j) sums `long` (pj = pid * 64 + j,
    phi, s2, q): the columns pid, phi0, s20, q0, phi1, s21, q1, ... that
    shapley/phi_sampled_sum.sql adds up over the chunks, 0 where a column has no term.
    Conditional sums over the (pattern, j) rows: a map per pattern read back with one lookup per
    column (each a scan of the map) cost about twice as much (40 columns x 100,000 patterns: 3.2
    against 1.5 s of CPU; benchmarks/RESULTS.md, session wide8). A column without a term adds
    only 0.0 to its sum. -#}
{% macro shapley_sparse_pivot(columns, long) -%}
select
    {{ sqlpriv.int_div("pj", "64") }} as pid,
{% for c in columns %}
    sum(case when pj % 64 = {{ loop.index0 }} then phi else 0.0 end) as phi{{ loop.index0 }},
    sum(case when pj % 64 = {{ loop.index0 }} then s2 else 0.0 end) as s2{{ loop.index0 }},
    sum(case when pj % 64 = {{ loop.index0 }} then q else 0.0 end) as q{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(long) }}
group by 1
{%- endmacro %}
