{#- The sampled lattice's coefficients in long form: one row per subset and column with a non-zero
    c_j(s) or e_j(s) (lattice_sampled.sql). The orders through a subset move on to a few columns
    only, so the expansion's per-pattern sums (shapley/sparse_sums.sql) touch those few, not all d. -#}
{% macro shapley_sparse_coefficients(t, columns) -%}
{% for c in columns %}
select sid, size, {{ loop.index0 }} as j, c{{ loop.index0 }} as c, e{{ loop.index0 }} as e
from {{ sqlpriv.quote(t.lattice) }}
where c{{ loop.index0 }} <> 0 or e{{ loop.index0 }} <> 0
{{ "union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
