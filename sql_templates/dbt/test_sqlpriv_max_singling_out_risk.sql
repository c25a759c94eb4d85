{#- dbt generic test: anonymeter's singling-out attack by queries on `model` through `synthetic`
    (sqlpriv.singling_out_queries_risk, its SQL draw; docs/measures.md §10.2) has a risk of at
    most `max_risk` (the residual risk over `control` where one is given, else the rate of
    queries that single out one record; `upper: true` tests the upper end of its interval at
    `confidence_level` instead). Fails with the main row's figures and a sentence.
            - sqlpriv_max_singling_out_risk: {arguments: {synthetic: ref('adult_synthetic'), control: ref('adult_control'), mode: multivariate, n_attacks: 100, max_risk: 0.1}} -#}
{% test sqlpriv_max_singling_out_risk(model, synthetic, max_risk, control=none, mode="univariate", n_attacks=500, n_cols=3, seed=0, max_attempts=none, confidence_level=0.95, upper=false) %}
{% do sqlpriv.check_fraction("sqlpriv_max_singling_out_risk", "max_risk", max_risk) %}
{% set figure = "risk_high" if upper else "risk" %}
with __sqlpriv_so as (
{{ sqlpriv.singling_out_queries_risk(model, synthetic, control=control, mode=mode, n_attacks=n_attacks, n_cols=n_cols, seed=seed, max_attempts=max_attempts, confidence_level=confidence_level) }}
)
select
    r.*,
    'singling-out ' || {{ sqlpriv.literal(figure) }} || ' (' || {{ sqlpriv.literal(mode) }} || ' queries) is ' || coalesce(cast(round(r.{{ sqlpriv.quote(figure) }}, 6) as {{ sqlpriv.text_type() }}), 'undefined')
        || ' (' || r.n_success || ' of ' || r.n_attacks || ' queries single out one record'
        || coalesce('; control ' || (select c.n_success from __sqlpriv_so as c where c.attack = 'control') || ' of ' || r.n_attacks, '')
        || '); the test allows at most ' || {{ sqlpriv.literal(max_risk) }} as failure
from __sqlpriv_so as r
where r.attack = 'main' and coalesce(r.{{ sqlpriv.quote(figure) }} > {{ sqlpriv.literal(max_risk) }}, true)
{% endtest %}
