{#- Probe: every function name DuckDB's catalog knows (scalar, aggregate, table, macro, any
    schema), so that the expression checker can tell a misspelt function (unknown: "did you
    mean floor?") from a known one it refuses (sqlpriv/engine/functions.py). -#}
{% macro engine_function_names() -%}
select distinct function_name
from duckdb_functions()
{%- endmacro %}
