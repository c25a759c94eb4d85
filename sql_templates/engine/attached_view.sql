{#- A table or view of the attached .duckdb file as a temp view; `relation` is its fully
    qualified, quoted name (sqlpriv.engine.connection.attached_relation). -#}
{% macro engine_attached_view(relation, view) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * from {{ relation }}
{%- endmacro %}
