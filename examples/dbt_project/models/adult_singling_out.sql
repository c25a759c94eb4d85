{{ config(tags=["attacks"]) }}
{{ sqlpriv.singling_out_queries_risk(
    ref('adult_original'),
    ref('adult_synthetic'),
    control=ref('adult_control'),
    mode='multivariate',
    n_attacks=100
) }}
