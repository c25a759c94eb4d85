{{ config(tags=["attacks"]) }}
{{ sqlpriv.inference_risk(
    ref('adult_original'),
    ref('adult_synthetic'),
    ['age', 'sex', 'race', 'marital-status', 'education', 'occupation', 'hours-per-week'],
    'Salary',
    control=ref('adult_control')
) }}
