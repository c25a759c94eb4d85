{#- The request's verdict after the stats and fields CTEs: the scored and joint CTEs and the
    one-row select (docs/measures.md §3): the score (product over the field groups of their factors: a
    field's own factor, the exact factor of the tuple for fields reading a common source
    column, weights overriding measured factors), next to the exact figures of the joint column set
    (set joint_j of t.sizes): equivalence classes, smallest class (k-anonymity), rows in
    classes below k, unique rows, guess probability classes / n, the exact privacy factor of
    the joint set and the score with the product replaced by it (times the weights of the
    weighted fields, which the joint set leaves out) with its decision, and the row count
    before rows with NULL were dropped (dropna: set -2; else n).
    The gate: score_decision is Cave's decision on the score (approve / review / reject at the
    thresholds); the policy rules max_unique_share (share of unique rows above it) and min_k
    (smallest class below it), max_average_risk (prosecutor average risk, classes / n, above it) and
    max_population_uniqueness (Zayatz's estimate, risk/zayatz.sql, at `sampling_fraction`, above it;
    docs/measures.md §9) on the joint figures, when given, turn it into on_violation
    (macro sqlpriv_request_gate); violated_rules lists the rules violated ('' for none), rule names the rule
    that decided ('score' when the policy did not change Cave's decision), decision is final.
    Follows `with <stats CTE>, <fields CTEs>,` in report.sql and report_query.sql. -#}
{% macro request_report_body(t, approve, joint_j, k, reject, max_unique_share=none, min_k=none,
                             on_violation="review", max_average_risk=none, max_population_uniqueness=none,
                             sampling_fraction=none) -%}
scored as (
    select
        {{ sqlpriv.product("group_factor", where="first_in_group") }} as score,
        coalesce({{ sqlpriv.product("weight", where="weight is not null") }}, 1) as weights
    from fields
),
joint as (
    select
        sum(classes * size)::bigint as n,
        sum(classes)::bigint as classes,
        min(size)::bigint as smallest_class,
        coalesce(sum(classes * size) filter (where size < {{ sqlpriv.literal(k) }}), 0)::bigint as rows_below_k,
        coalesce(sum(classes) filter (where size = 1), 0)::bigint as unique_rows,
        1 - sum(classes / size::double) / sum(classes) as privacy_factor
    from {{ sqlpriv.quote(t.sizes) }}
    where j = {{ joint_j }}
),
verdict as (
    select
        scored.*,
        joint.*,
        {{ sqlpriv.request_decision("scored.score", sqlpriv.literal(approve) ~ "::double", sqlpriv.literal(reject) ~ "::double") }} as score_decision,
        concat_ws(', ',
            case when joint.unique_rows / joint.n::double > {{ sqlpriv.literal(max_unique_share) }}::double then 'max_unique_share' end,
            case when joint.smallest_class < {{ sqlpriv.literal(min_k) }}::bigint then 'min_k' end,
            case when joint.classes / joint.n::double > {{ sqlpriv.literal(max_average_risk) }}::double then 'max_average_risk' end{% if max_population_uniqueness is not none %},
            case when (select z.population_uniqueness from ({{ sqlpriv.risk_zayatz(sqlpriv.quote(t.sizes), histogram=true, j=joint_j, sampling_fraction=sampling_fraction) }}) as z)
                > {{ sqlpriv.literal(max_population_uniqueness) }}::double then 'max_population_uniqueness' end{% endif %}

        ) as violated_rules
    from scored, joint
)
select
    v.score,
    {{ sqlpriv.request_gate("v.score_decision", "v.violated_rules <> ''", sqlpriv.literal(on_violation)) }} as decision,
    case when {{ sqlpriv.request_gate("v.score_decision", "v.violated_rules <> ''", sqlpriv.literal(on_violation)) }}
              = v.score_decision then 'score' else v.violated_rules end as rule,
    v.score_decision,
    v.violated_rules,
    v.n,
    v.classes,
    v.smallest_class,
    v.rows_below_k,
    v.rows_below_k / v.n::double as share_below_k,
    v.unique_rows,
    v.unique_rows / v.n::double as share_unique,
    v.classes / v.n::double as guess_probability,
    v.privacy_factor as joint_factor,
    v.privacy_factor * v.weights as joint_score,
    {{ sqlpriv.request_decision("v.privacy_factor * v.weights", sqlpriv.literal(approve) ~ "::double", sqlpriv.literal(reject) ~ "::double") }} as joint_decision,
    coalesce((select max(size) from {{ sqlpriv.quote(t.sizes) }} where j = -2), v.n) as rows_before_dropna
from verdict as v
{%- endmacro %}
