-- the seed with a column renamed to hold a double quote and a space (dbt-duckdb cannot seed
-- such a name itself), so that the macros' identifier quoting is exercised on it in dbt too
-- (quoted by the package's own dispatched quote: double quotes on DuckDB, backticks on Spark)
select flare_id, class as {{ sqlpriv.quote('class "as given"') }}, area, activity
from {{ ref('flare') }}
