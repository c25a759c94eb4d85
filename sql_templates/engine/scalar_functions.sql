{#- Probe: the names of DuckDB's built-in scalar functions and macros (the expression
    checker's allow-list, before its deny-list is taken out). -#}
{% macro engine_scalar_functions() -%}
select distinct function_name
from duckdb_functions()
where function_type in ('scalar', 'macro') and internal
{%- endmacro %}
