{#- A file source as a view: reader is read_csv / read_parquet / read_json. -#}
{% macro engine_source_view(path, reader, view) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * from {{ reader }}({{ sqlpriv.literal(path) }})
{%- endmacro %}
