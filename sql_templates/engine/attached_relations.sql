{#- Probe: the tables and views in the main schema of an attached database ($1: its alias),
    read from the catalog (nothing is bound, no view's query runs). -#}
{% macro engine_attached_relations() -%}
select table_name from duckdb_tables() where database_name = $1 and schema_name = 'main'
union all
select view_name from duckdb_views() where database_name = $1 and schema_name = 'main' and not internal
{%- endmacro %}
