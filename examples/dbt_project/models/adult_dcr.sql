{{ config(tags=["attacks"]) }}
{{ sqlpriv.dcr_risk(
    ref('adult_original'),
    ref('adult_synthetic'),
    control=ref('adult_control')
) }}
