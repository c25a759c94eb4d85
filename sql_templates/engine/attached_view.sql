{#- A table or view of a DuckDB database (the attached .duckdb file, or a view or relation on a
    user's connection) read ONCE into a temp table that every later step and the release read:
    a view evaluated again at each scan could return other rows each time (random(), the time,
    current_query()), so that the release differs from the rows the search measured. `relation`
    is the quoted (for the attached file: fully qualified) name (sqlpriv.engine.connection.
    attached_relation). DuckDB spills the table to its temp directory when memory is short. -#}
{% macro engine_attached_view(relation, view) -%}
create or replace temp table {{ sqlpriv.quote(view) }} as
select * from {{ relation }}
{%- endmacro %}
