{#- The sampled lattice's coefficients in long form: one row per subset s and column j with a
    non-zero c_j(s) or e_j(s) (lattice_sampled.sql), with the term's stratum: the position at
    which j is revealed in the orders the term comes from, |s| when j is not in s (orders
    revealing j right after s) and |s| - 1 when it is (orders ending j at s). The orders through a
    subset move on to a few columns only, so the per-pattern sums touch those few, not all d. -#}
{% macro shapley_sparse_coefficients(t, columns) -%}
{% for c in columns %}
select sid, size, {{ loop.index0 }} as j, c{{ loop.index0 }} as c, e{{ loop.index0 }} as e,
    size - case when {{ sqlpriv.has_bit("sid", loop.index0) }} then 1 else 0 end as stratum
from {{ sqlpriv.quote(t.lattice) }}
where c{{ loop.index0 }} <> 0 or e{{ loop.index0 }} <> 0
{{ "union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
