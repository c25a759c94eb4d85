-- per-row uniqueness Shapley values (bits) of three predictors, keyed by flare_id: the per-row
-- model the Spark target builds (the ten-predictor models are DuckDB-sized work on local Spark)
{{ sqlpriv.uniqueness_shapley(ref('flare'), ['class', "largest spot's size", 'area'], key='flare_id') }}
