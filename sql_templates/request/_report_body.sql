{#- The request's verdict after the stats and fields CTEs: the scored and joint CTEs and the
    one-row select (SPEC 3): the score (product of the field factors, weights overriding
    measured factors) and its decision, next to the exact figures of the joint column set
    (set joint_j of t.sizes): equivalence classes, smallest class (k-anonymity), rows in
    classes below k, unique rows, guess probability classes / n, the exact privacy factor of
    the joint set and the score with the product replaced by it (times the weights of the
    weighted fields, which the joint set leaves out) with its decision, and the row count
    before rows with NULL were dropped (dropna: set -2; else n). Follows
    `with <stats CTE>, <fields CTEs>,` in report.sql and report_query.sql. -#}
{% macro request_report_body(t, approve, joint_j, k, reject) -%}
scored as (
    select
        {{ sqlpriv.product("factor") }} as score,
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
)
select
    scored.score,
    {{ sqlpriv.request_decision("scored.score", sqlpriv.literal(approve) ~ "::double", sqlpriv.literal(reject) ~ "::double") }} as decision,
    joint.n,
    joint.classes,
    joint.smallest_class,
    joint.rows_below_k,
    joint.rows_below_k / joint.n::double as share_below_k,
    joint.unique_rows,
    joint.unique_rows / joint.n::double as share_unique,
    joint.classes / joint.n::double as guess_probability,
    joint.privacy_factor as joint_factor,
    joint.privacy_factor * scored.weights as joint_score,
    {{ sqlpriv.request_decision("joint.privacy_factor * scored.weights", sqlpriv.literal(approve) ~ "::double", sqlpriv.literal(reject) ~ "::double") }} as joint_decision,
    coalesce((select max(size) from {{ sqlpriv.quote(t.sizes) }} where j = -2), joint.n) as rows_before_dropna
from scored, joint
{%- endmacro %}
