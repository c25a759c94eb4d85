-- adult_linkability on the slices aged 30 to 34 (built on both targets; checked on Spark)
{{ config(tags=["attacks_small"]) }}
{{ sqlpriv.linkability_risk(
    ref('adult_original_small'),
    ref('adult_synthetic_small'),
    [['age', 'sex', 'race', 'marital-status'], ['education', 'occupation', 'workclass', 'native-country']],
    control=ref('adult_control_small'),
    n_neighbors=2
) }}
