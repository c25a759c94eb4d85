{#- The temp objects named like sqlpriv's (prefix sqlpriv_) on a connection: (kind, name), kind
    'view', 'table', 'macro' or 'table_macro' (read from the catalog; nothing is bound). -#}
{% macro engine_temp_objects() -%}
select 'view' as kind, view_name as name from duckdb_views() where temporary and not internal and starts_with(view_name, 'sqlpriv_')
union all
select 'table', table_name from duckdb_tables() where temporary and starts_with(table_name, 'sqlpriv_')
union all
select distinct function_type, function_name from duckdb_functions()
where database_name = 'temp' and function_type in ('macro', 'table_macro') and starts_with(function_name, 'sqlpriv_')
{%- endmacro %}
