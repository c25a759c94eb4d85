{#- Sampled per-pattern Shapley values from the chunks' sums (shapley/phi_sampled_chunk.sql):
    phi_j, the mean of the M = `samples` sampled marginals, and its standard error
    se_j = sqrt((s2_j - M phi_j^2) / (M - 1) / M), the sample standard deviation over the orders
    divided by sqrt(M). A difference within rounding of s2_j (all marginals equal) is 0. -#}
{% macro shapley_phi_sampled_sum(parts, columns, words, samples) -%}
with sums as (
    select
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
        sum(phi{{ loop.index0 }}) as phi{{ loop.index0 }},
        sum(s2{{ loop.index0 }}) as s2{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(parts) }}
    group by all
)
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    phi{{ loop.index0 }},
    case
        when s2{{ loop.index0 }} - {{ samples }} * phi{{ loop.index0 }} * phi{{ loop.index0 }} <= 1e-12 * s2{{ loop.index0 }} then 0.0
        else sqrt((s2{{ loop.index0 }} - {{ samples }} * phi{{ loop.index0 }} * phi{{ loop.index0 }}) / ({{ samples }} - 1) / {{ samples }})
    end as se{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from sums
{%- endmacro %}
