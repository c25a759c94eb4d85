-- the flare table with its flare counts microaggregated one column at a time (sdcMicro's onedims),
-- groups of 3 within each class (tests/test_dbt_project.py checks it against Python)
{{ sqlpriv.microaggregate(ref('flare'), ['C', 'M', 'X'], aggr=3, strata=['class']) }}
