{#- Exact per-pattern Shapley values from the partial sums of the lattice chunks
    (shapley/phi_chunk.sql): one row per pattern with a shared cell in some subset. -#}
{% macro shapley_phi_parts_sum(parts, columns, words) -%}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    sum(phi{{ loop.index0 }}) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(parts) }}
group by all
{%- endmacro %}
