{#- Probe: DuckDB's own parse tree (JSON) of a query bound as $1, to find the source
    columns a request expression reads. -#}
{% macro request_parse_expression() -%}
select json_serialize_sql(?)
{%- endmacro %}
