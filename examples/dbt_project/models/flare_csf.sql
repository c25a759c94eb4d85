-- per-row cell surprise factor of the ten predictors
{{ sqlpriv.cell_surprise_factor(ref('flare'), flare_predictors(), key='flare_id') }}
