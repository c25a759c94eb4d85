-- per-row uniqueness Shapley values (bits) of the ten predictors, keyed by flare_id
{{ sqlpriv.uniqueness_shapley(ref('flare'), flare_predictors(), key='flare_id') }}
