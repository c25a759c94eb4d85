-- the seed with a column renamed to hold a double quote and a space (dbt-duckdb cannot seed
-- such a name itself), so that the macros' identifier quoting is exercised on it in dbt too
select flare_id, class as "class ""as given""", area, activity
from {{ ref('flare') }}
