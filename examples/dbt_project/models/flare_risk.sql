-- per-row re-identification risk of three predictors, the regions being a 10% sample of a population
{{ sqlpriv.reidentification_risk(ref('flare'), ['class', "largest spot's size", 'area'], sampling_fraction=0.1, key='flare_id') }}
