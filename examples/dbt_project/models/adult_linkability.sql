{{ config(tags=["attacks"]) }}
{{ sqlpriv.linkability_risk(
    ref('adult_original'),
    ref('adult_synthetic'),
    [['age', 'sex', 'race', 'marital-status'], ['education', 'occupation', 'workclass', 'native-country']],
    control=ref('adult_control'),
    n_neighbors=2
) }}
