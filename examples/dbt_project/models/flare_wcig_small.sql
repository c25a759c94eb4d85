-- per-row weighted cell information gain of three predictors, keyed by flare_id
{{ sqlpriv.weighted_cell_information_gain(ref('flare'), ['class', "largest spot's size", 'area'], key='flare_id') }}
