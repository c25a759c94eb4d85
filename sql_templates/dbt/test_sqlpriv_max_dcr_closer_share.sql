{#- dbt generic test: at most a share `max_share` of the rows of `synthetic` are closer to a record
    of `model` (the original) than to any record of `control` (the holdout: real records not used
    to make `synthetic`), by SDMetrics' DCR distance on `columns` (default: every column):
    sqlpriv.dcr's dcr_closer_to_training (sqlpriv.dcr_risk). A generator that does not copy its
    training records puts about half its rows closer to each (SDMetrics' DCROverfittingProtection
    is min(2 (1 - share), 1)). Fails with the figures of sqlpriv.dcr_risk and a sentence.
            - sqlpriv_max_dcr_closer_share: {arguments: {synthetic: ref('adult_synthetic'), control: ref('adult_control'), max_share: 0.6}} -#}
{% test sqlpriv_max_dcr_closer_share(model, synthetic, control, max_share, columns=none, numeric=none) %}
{% do sqlpriv.check_fraction("sqlpriv_max_dcr_closer_share", "max_share", max_share) %}
{% if control is none %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_max_dcr_closer_share: argument `control` (the holdout records) is required") %}
{% endif %}
select
    r.*,
    'a share ' || coalesce(cast(round(r.dcr_closer_to_training, 6) as {{ sqlpriv.text_type() }}), 'undefined') || ' of the '
        || r.n_synthetic || ' synthetic rows is closer to the original than to the holdout (DCR overfitting protection '
        || coalesce(cast(round(r.dcr_overfitting_protection, 6) as {{ sqlpriv.text_type() }}), 'undefined')
        || '); the test allows a share of at most ' || {{ sqlpriv.literal(max_share) }} as failure
from (
{{ sqlpriv.dcr_risk(model, synthetic, control=control, columns=columns, numeric=numeric) }}
) as r
where coalesce(r.dcr_closer_to_training > {{ sqlpriv.literal(max_share) }}, true)
{% endtest %}
