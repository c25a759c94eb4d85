{#- Sampled per-pattern Shapley values from the chunks' sums (shapley/phi_sampled_chunk.sql):
    phi_j, the mean of the M = `samples` sampled marginals, and its standard error stratified by
    position (the orders are position-balanced: B = M / d of them reveal j at each position;
    shapley_sampling.balanced_orders). With s2_j the sum of the squared marginals and q_j the sum
    over positions of (the position's share of phi_j)^2, the within-position sum of squares is
    s2_j - M d q_j and se_j = sqrt((s2_j - M d q_j) / (d^2 B (B - 1))). A difference within
    rounding of s2_j (all marginals of every position equal) is 0. The chunks' rows are keyed by
    the pattern's number; its keys come back from `patterns` (shapley/_numbered_patterns.sql). -#}
{% macro shapley_phi_sampled_sum(parts, columns, words, samples, patterns) -%}
{% set d = columns | length %}
{% set blocks = samples // d %}
with sums as (
    select
        pid,
{% for c in columns %}
        sum(phi{{ loop.index0 }}) as phi{{ loop.index0 }},
        sum(s2{{ loop.index0 }}) as s2{{ loop.index0 }},
        sum(q{{ loop.index0 }}) as q{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(parts) }}
    group by pid
)
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    phi{{ loop.index0 }},
    case
        when s2{{ loop.index0 }} - {{ (samples * d) | int }} * q{{ loop.index0 }} <= 1e-12 * s2{{ loop.index0 }} then 0.0
        else sqrt((s2{{ loop.index0 }} - {{ (samples * d) | int }} * q{{ loop.index0 }}) / {{ (d * d * blocks * (blocks - 1)) | int }})
    end as se{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from sums
join {{ sqlpriv.shapley_numbered_patterns(patterns) }} as p using (pid)
{%- endmacro %}
