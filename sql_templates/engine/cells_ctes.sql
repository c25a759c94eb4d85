{#- The cohort cells of every lattice subset as CTEs: the full set's cells, each smaller level
    rolled up from the level above, and the shared cells (n > 1) of all levels together, the
    same step macros the Python plan runs as level tables. Needs the lattice CTE. -#}
{% macro engine_cells_ctes(frame) -%}
{% set t = frame.t %}
{{ sqlpriv.quote(t.level ~ frame.d) }} as (
{{ sqlpriv.engine_cells_base(extras=[], full_sid=frame.full_sid, patterns=t.patterns, words=frame.words) }}
),
{% for size in range(frame.d - 1, -1, -1) %}
{{ sqlpriv.quote(t.level ~ size) }} as (
{{ sqlpriv.engine_cells_rollup(t=t, extras=[], parent_table=t.level ~ (size + 1), size=size, words=frame.words) }}
),
{% endfor %}
{{ sqlpriv.quote(t.cells) }} as (
{% for size in range(frame.d, -1, -1) %}
{{ sqlpriv.engine_cells_keep(level_table=t.level ~ size) }}
{{ "union all" if not loop.last }}
{% endfor %}
)
{%- endmacro %}
