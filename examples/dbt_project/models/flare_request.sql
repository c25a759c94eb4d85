-- the verdict on a request for three predictors: score, decision and exact joint figures,
-- under the strict gate policy (no unique row, every class at least 5 rows)
{{ sqlpriv.assess_request(ref('flare'), ['class', "largest spot's size", 'area'], k=5, max_unique_share=0.0, min_k=5) }}
