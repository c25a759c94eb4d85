{#- Probe: whether the name $1 (as the search path resolves an unqualified name: temp first, then
    the default catalog's main schema) is a view, read from the catalog (nothing is bound). -#}
{% macro engine_is_view() -%}
select count(*) > 0 from duckdb_views()
where not internal and lower(view_name) = lower($1)
  and (temporary or (database_name = current_database() and schema_name = current_schema()))
  and not exists (
    select 1 from duckdb_tables() t
    where lower(t.table_name) = lower($1) and t.temporary
  )
{%- endmacro %}
