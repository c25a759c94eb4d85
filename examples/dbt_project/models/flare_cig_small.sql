-- per-row cell information gain of three predictors, keyed by flare_id (built on both targets)
{{ sqlpriv.cell_information_gain(ref('flare'), ['class', "largest spot's size", 'area'], key='flare_id') }}
