{#- Prepare a statement once (statement: its name; body: the rendered statement, with $1, $2 ...
    parameters): the search executes it per batch of nodes (generalize/execute.sql), so DuckDB
    plans it once instead of once per batch. -#}
{% macro generalize_prepare(statement, body) -%}
prepare {{ sqlpriv.quote(statement) }} as
{{ body }}
{%- endmacro %}
