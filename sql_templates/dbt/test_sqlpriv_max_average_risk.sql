{#- dbt generic test: a risk figure of `model` on `columns` (docs/measures.md §9) is at most
    `max_risk`. `figure`: prosecutor_average_risk (default: classes / records),
    prosecutor_records_at_risk, journalist_average_risk, journalist_records_at_risk, marketer_risk
    or global_risk (sdcMicro's, with `weight`). `entity`: class sizes count distinct entities
    (persons) instead of rows. Fails with one row of figures and a sentence.
            - sqlpriv_max_average_risk: {arguments: {columns: [gender, age], max_risk: 0.05}} -#}
{% test sqlpriv_max_average_risk(model, columns, max_risk, figure="prosecutor_average_risk", sampling_fraction=none, weight=none, threshold=0.2, entity=none) %}
{% do sqlpriv.check_relation("sqlpriv_max_average_risk", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_max_average_risk", model, columns) %}
{% do sqlpriv.check_entity("sqlpriv_max_average_risk", model, columns, entity, weight=weight) %}
{% do sqlpriv.check_fraction("sqlpriv_max_average_risk", "max_risk", max_risk) %}
{% do sqlpriv.check_fraction("sqlpriv_max_average_risk", "threshold", threshold) %}
{% if sampling_fraction is not none and weight %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_max_average_risk: give `weight` or `sampling_fraction`, not both (the weights' sum is the population the sample was drawn from)") %}
{% endif %}
{% if sampling_fraction is not none %}
{% do sqlpriv.check_fraction("sqlpriv_max_average_risk", "sampling_fraction", sampling_fraction) %}
{% endif %}
{% set figures = ["prosecutor_average_risk", "prosecutor_records_at_risk", "journalist_average_risk", "journalist_records_at_risk", "marketer_risk", "global_risk"] %}
{% if figure not in figures %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_max_average_risk: argument `figure` must be one of " ~ figures | join(", ") ~ ", got " ~ figure) %}
{% endif %}
{% set spec = [] %}
{% for c in columns %}{% do spec.append({"name": c, "expr": sqlpriv.quote(c)}) %}{% endfor %}
select
    s.*,
{% if weight %}
    case when wc.bad > 0 then {{ sqlpriv.check_weights_failure(weight) }} else
{% endif %}
    {{ sqlpriv.literal(figure) }} || ' is ' || round(s.{{ sqlpriv.quote(figure) }}, 6) || ' on '
        || {{ sqlpriv.literal(columns | join(", ")) }} || '; the test allows at most ' || {{ sqlpriv.literal(max_risk) }}
{% if weight %}
    end
{% endif %}
    as failure
from (
    select st.*, st.expected_reidentifications / st.records as global_risk
    from (
        with risk_classes as (
{{ sqlpriv.risk_classes(spec, model, weight=weight, sampling_fraction=none if weight else sampling_fraction, entity=entity) | indent(12, true) }}
        )
{{ sqlpriv.risk_stats("risk_classes", threshold) | indent(8, true) }}
    ) as st
) as s
{% if weight %}
cross join ({{ sqlpriv.check_weights(model, weight) }}) as wc
{% endif %}
where s.{{ sqlpriv.quote(figure) }} > {{ sqlpriv.literal(max_risk) }}{% if weight %} or wc.bad > 0{% endif %}
{% endtest %}
