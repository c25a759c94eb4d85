{#- Prepare a statement once (statement: its name; body: the rendered statement, with $1, $2 ...
    parameters): the search executes it per batch of nodes (generalize/execute.sql), so each batch
    is one short EXECUTE in the printed script and is not parsed again (DuckDB 2.0 still re-plans
    each EXECUTE: benchmarks/RESULTS.md, issue 28 branch gsearch). -#}
{% macro generalize_prepare(statement, body) -%}
prepare {{ sqlpriv.quote(statement) }} as
{{ body }}
{%- endmacro %}
