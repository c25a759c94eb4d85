-- per-row cell surprise factor of three predictors, keyed by flare_id (built on both targets)
{{ sqlpriv.cell_surprise_factor(ref('flare'), ['class', "largest spot's size", 'area'], key='flare_id') }}
