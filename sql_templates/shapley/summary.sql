{#- One row per analysed column: marginal entropy H(j), conditional entropy H(j | rest)
    and the global Shapley value phi_j = -sum_s c_j(s) H(s)  (docs/measures.md §1, entropy identity),
    all read from one pass over the entropies (no scalar subquery: Spark plans and runs each one apart,
    minutes for a few columns on a loaded machine).
    Sampled runs add the standard error of the position-balanced orders' mean gain
    H(after) - H(before) (shapley_sampling.balanced_orders): stratified by position, with B = M / d
    orders per (column, position), se_j = sqrt(sum_pos var_samp(gain) / B) / d. -#}
{% macro shapley_summary(t, columns, full_sid, sampled, samples) -%}
with {{ sqlpriv.shapley_entropies_cte(t) }},
combined as (
    select
{% for c in columns %}
        0.0 - sum(l.c{{ loop.index0 }} * e.entropy) as phi{{ loop.index0 }},
        max(case when e.sid = {{ 2 ** loop.index0 }} then e.entropy end) as h{{ loop.index0 }},
        max(case when e.sid = {{ full_sid - 2 ** loop.index0 }} then e.entropy end) as rest{{ loop.index0 }},
{% endfor %}
        max(case when e.sid = {{ full_sid }} then e.entropy end) as h_all
    from entropies as e
    join {{ sqlpriv.quote(t.lattice) }} as l using (sid)
){% if sampled %},
per_order as (
    select s.perm, s.col, s.pos, a.entropy - b.entropy as gain
    from (select * from {{ sqlpriv.quote(t.steps) }} where is_sample) as s
    join entropies as b on b.sid = s.before_sid
    join entropies as a on a.sid = s.after_sid
),
strata as (
    select col, pos, coalesce(var_samp(gain), 0) as v
    from per_order
    group by col, pos
),
errors as (  -- one row, se<j> per column: every branch below reads the same relation (Spark computes it once)
    select
{% for c in columns %}
        sqrt(sum(case when col = {{ loop.index0 }} then v else 0.0 end) / {{ (samples // (columns | length)) | int }}) / {{ columns | length | int }} as se{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from strata
)
{% endif %}

{% for c in columns %}
select
    {{ sqlpriv.literal(c.name) }} as {{ sqlpriv.quote("column") }},
    h{{ loop.index0 }} as entropy,
    h_all - rest{{ loop.index0 }} as conditional_entropy,
    phi{{ loop.index0 }} as shapley{{ "," if sampled }}
{% if sampled %}
    se{{ loop.index0 }} as shapley_se
{% endif %}
from combined{% if sampled %} cross join errors{% endif %}

{{ "union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
