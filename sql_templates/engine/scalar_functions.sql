{#- Probe: the names of DuckDB's built-in, consistent (deterministic) scalar functions and macros
    of the system catalog; the expression checker allows those on its reviewed list
    (sqlpriv/engine/functions.py). -#}
{% macro engine_scalar_functions() -%}
select distinct function_name
from duckdb_functions()
where function_type in ('scalar', 'macro') and internal
    and database_name = 'system' and schema_name = 'main'
    and (stability = 'CONSISTENT' or function_type = 'macro')
{%- endmacro %}
