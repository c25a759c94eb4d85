{#- Probe: the tables and views of an attached database ($1: its alias), every schema, as
    (schema_name, name), read from the catalog (nothing is bound, no view's query runs). -#}
{% macro engine_attached_relations() -%}
select schema_name, table_name from duckdb_tables() where database_name = $1
union all
select schema_name, view_name from duckdb_views() where database_name = $1 and not internal
{%- endmacro %}
