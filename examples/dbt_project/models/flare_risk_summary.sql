-- the sample-based risk figures of the same three predictors (figure, value, note)
{{ sqlpriv.reidentification_risk(ref('flare'), ['class', "largest spot's size", 'area'], output='summary', sampling_fraction=0.1) }}
