{#- The request's verdict in one row (docs/measures.md §3; the columns are explained in _report_body.sql),
    over the class sizes kept in the plan's temp table t.sizes. -#}
{% macro request_report(t, approve, fields, joint_j, k, reject, groups=none, max_unique_share=none, min_k=none,
                        on_violation="review", max_average_risk=none, max_population_uniqueness=none, sampling_fraction=none) -%}
with {{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields, groups) }},
{{ sqlpriv.request_report_body(t, approve, joint_j, k, reject, max_unique_share, min_k, on_violation,
                               max_average_risk, max_population_uniqueness, sampling_fraction) }}
{%- endmacro %}
