{#- dbt generic test: anonymeter's inference attack of `secret` from `aux_cols` on every record of
    `model` through `synthetic` (sqlpriv.inference_risk, docs/measures.md §11.4) has a risk of at
    most `max_risk` (residual against `control` where given, else the success rate; `upper: true`:
    the upper end of its interval). Fails with the one-row figures and a sentence.
            - sqlpriv_max_inference_risk: {arguments: {synthetic: ref('adult_synthetic'), aux_cols: [age, sex, race], secret: salary, max_risk: 0.05}} -#}
{% test sqlpriv_max_inference_risk(model, synthetic, aux_cols, secret, max_risk, control=none, regression=none, tolerance=0.05, confidence_level=0.95, upper=false, numeric=none) %}
{% do sqlpriv.check_fraction("sqlpriv_max_inference_risk", "max_risk", max_risk) %}
{% set figure = "risk_high" if upper else "risk" %}
select
    r.*,
    'inference ' || {{ sqlpriv.literal(figure) }} || ' of ' || {{ sqlpriv.literal(secret) }} || ' is ' || coalesce(cast(round(r.{{ sqlpriv.quote(figure) }}, 6) as {{ sqlpriv.text_type() }}), 'undefined (no target)')
        || ' (' || r.n_success || ' of ' || r.n_attacks || ' guesses right'
        || coalesce('; control ' || r.n_control_success || ' of ' || r.n_control, '')
        || '); the test allows at most ' || {{ sqlpriv.literal(max_risk) }} as failure
from (
{{ sqlpriv.inference_risk(model, synthetic, aux_cols, secret, control=control, regression=regression, tolerance=tolerance, confidence_level=confidence_level, numeric=numeric) }}
) as r
where coalesce(r.{{ sqlpriv.quote(figure) }} > {{ sqlpriv.literal(max_risk) }}, true)
{% endtest %}
