-- the verdict on a request for three predictors: score, decision and exact joint figures
{{ sqlpriv.assess_request(ref('flare'), ['class', "largest spot's size", 'area'], k=5) }}
