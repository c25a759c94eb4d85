-- Table 3 of Seiler, Mase & Owen (2023): entropy, conditional entropy and Shapley value per predictor
{{ sqlpriv.uniqueness_shapley_summary(ref('flare'), flare_predictors()) }}
