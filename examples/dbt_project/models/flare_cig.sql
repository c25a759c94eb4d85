-- per-row cell information gain (bits) of the ten predictors
{{ sqlpriv.cell_information_gain(ref('flare'), flare_predictors(), key='flare_id') }}
