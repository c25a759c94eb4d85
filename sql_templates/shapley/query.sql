{#- Exact uniqueness Shapley values as ONE statement (the dbt models' query; it runs as-is in
    the shell): output 'per_row' gives the row key (the key column, else the 0-based input
    position as "row") and one column per analysed column; 'summary' gives one row per column
    (column, entropy, conditional_entropy, shapley). `source` is a relation as SQL text,
    `columns` a list of plain column names. -#}
{% macro shapley_query(source, columns, key=none, output="per_row") -%}
{% set frame = {} %}
{{ sqlpriv.engine_chain_frame(frame, columns, key) }}
{% set t = frame.t %}
with {{ sqlpriv.engine_cohort_ctes(frame, source) }},
{{ sqlpriv.quote(t.lattice) }} as (
{{ sqlpriv.engine_lattice(t=t, cardinalities=none, columns=frame.columns, d=frame.d, parent_order=range(frame.d) | list, words=frame.words) }}
),
{{ sqlpriv.engine_cells_ctes(frame) }},
{% if output == "per_row" %}
{{ sqlpriv.quote(t.phi) }} as (
{{ sqlpriv.shapley_phi_exact(t=t, columns=frame.columns, words=frame.words) }}
),
__sqlpriv_result as (
{{ sqlpriv.shapley_per_row(t=t, columns=frame.columns, key=frame.key, key_name=frame.key_name, sampled=false, words=frame.words) }}
)
{% else %}
__sqlpriv_result as (
{{ sqlpriv.shapley_summary(t=t, columns=frame.columns, full_sid=frame.full_sid, sampled=false, samples=none) }}
)
{% endif %}
select * from __sqlpriv_result
{%- endmacro %}
