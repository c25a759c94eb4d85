{#- dbt generic test: anonymeter's linkability attack on every record of `model` through
    `synthetic` (sqlpriv.linkability_risk, docs/measures.md §11.3) has a risk of at most
    `max_risk` (the residual risk against `control` where one is given, else the success rate;
    `upper: true` tests the upper end of its interval at `confidence_level` instead). Fails with
    the one-row figures and a sentence.
            - sqlpriv_max_linkability_risk: {arguments: {synthetic: ref('adult_synthetic'), control: ref('adult_control'), aux_cols: [[age, sex], [education, race]], max_risk: 0.05}} -#}
{% test sqlpriv_max_linkability_risk(model, synthetic, aux_cols, max_risk, control=none, n_neighbors=1, confidence_level=0.95, upper=false, numeric=none) %}
{% do sqlpriv.check_fraction("sqlpriv_max_linkability_risk", "max_risk", max_risk) %}
{% set figure = "risk_high" if upper else "risk" %}
select
    r.*,
    'linkability ' || {{ sqlpriv.literal(figure) }} || ' is ' || coalesce(cast(round(r.{{ sqlpriv.quote(figure) }}, 6) as {{ sqlpriv.text_type() }}), 'undefined (no target)')
        || ' (' || r.n_success || ' of ' || r.n_attacks || ' records linked'
        || coalesce('; control ' || r.n_control_success || ' of ' || r.n_control, '')
        || '); the test allows at most ' || {{ sqlpriv.literal(max_risk) }} as failure
from (
{{ sqlpriv.linkability_risk(model, synthetic, aux_cols, control=control, n_neighbors=n_neighbors, confidence_level=confidence_level, numeric=numeric) }}
) as r
where coalesce(r.{{ sqlpriv.quote(figure) }} > {{ sqlpriv.literal(max_risk) }}, true)
{% endtest %}
