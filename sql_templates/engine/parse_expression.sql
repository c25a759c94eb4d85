{#- Probe: DuckDB's own parse tree (JSON) of `select <expression>`, the expression bound as a
    parameter ($1), so the text is parsed and never run (sqlpriv/engine/sandbox.py). -#}
{% macro engine_parse_expression() -%}
select json_serialize_sql('select ' || ?)
{%- endmacro %}
