-- Cave's privacy profile: one row per predictor
{{ sqlpriv.privacy_profile(ref('flare'), flare_predictors()) }}
