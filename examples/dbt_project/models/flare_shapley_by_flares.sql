-- mean Shapley values of the regions with and without a C-class flare (cross-entropy identity)
{{ sqlpriv.uniqueness_shapley_by(ref('flare'), flare_predictors(), by='C > 0') }}
