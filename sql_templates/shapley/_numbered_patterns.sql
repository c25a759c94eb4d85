{#- The patterns of one table, or of the union of its parts (engine/table_part.sql, read in
    parallel), each with a number `pid` unique across the parts: rowid * (number of parts) + the
    part's index. The tables are not modified while a run reads them, so the same pattern gets
    the same number in every statement (the per-pattern chunks key their sums by it, and
    shapley/phi_sampled_sum.sql reads the pattern's keys back by it). -#}
{% macro shapley_numbered_patterns(tables) -%}
{% set parts = [tables] if tables is string else tables %}
(
{% for table in parts %}
    select *, {{ sqlpriv.row_id() }} * {{ parts | length | int }} + {{ loop.index0 | int }} as pid from {{ sqlpriv.quote(table) }}{{ " union all" if not loop.last }}
{% endfor %}
)
{%- endmacro %}
