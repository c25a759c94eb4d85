-- mean Shapley values of three predictors with and without a C-class flare (built on both targets)
{{ sqlpriv.uniqueness_shapley_by(ref('flare'), ['class', "largest spot's size", 'area'], by='C > 0') }}
