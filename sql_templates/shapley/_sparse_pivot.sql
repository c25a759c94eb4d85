{#- One row per pattern from per (pattern, column j) sums `long` (k0.., j, phi, s2): the columns
    k0.., phi0, s20, phi1, s21, ... of shapley/sampled_sums.sql, 0 where a column has no term.
    Shared by shapley/sparse_sums.sql and shapley/phi_sampled_chunk.sql. -#}
{% macro shapley_sparse_pivot(words, columns, long) -%}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    coalesce(mp[{{ loop.index0 }}], 0.0) as phi{{ loop.index0 }},
    coalesce(ms[{{ loop.index0 }}], 0.0) as s2{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from (
    select{% for word in words %} k{{ loop.index0 }},{% endfor %} map(list(j), list(phi)) as mp, map(list(j), list(s2)) as ms
    from {{ sqlpriv.quote(long) }}
    group by all
)
{%- endmacro %}
