-- adult_inference on the slices aged 30 to 34 (built on both targets; checked on Spark)
{{ config(tags=["attacks_small"]) }}
{{ sqlpriv.inference_risk(
    ref('adult_original_small'),
    ref('adult_synthetic_small'),
    ['age', 'sex', 'race', 'marital-status', 'education', 'occupation', 'hours-per-week'],
    'Salary',
    control=ref('adult_control_small')
) }}
