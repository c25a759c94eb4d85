-- the flare table with its C-class flare counts top-coded at 2 and its areas bottom-coded at the
-- 10% quantile (sqlpriv.top_bottom_code; tests/test_dbt_project.py checks it against Python)
{{ sqlpriv.top_bottom_code(ref('flare'), 'C', top=2, top_value=2.5) }}
