{#- Exact uniqueness Shapley values as ONE statement (the dbt models' query; it runs as-is in
    the shell): output 'per_row' gives the row key (the key column, else the 0-based input
    position as "row") and one column per analysed column; 'summary' gives one row per column
    (column, entropy, conditional_entropy, shapley); 'entropies' every column subset (columns,
    size, entropy); 'by' gives the mean values per level of
    the SQL expression `by` (level, n, share, one column per analysed column; headings an
    analysed column already uses get a leading _); 'phi' the per-pattern values (the packed
    pattern k0.. and phi0..). `source` is a relation as SQL text, `columns` a list of plain column
    names. `phi` (Spark: a cached view of an earlier 'phi' output over the same source and
    columns) is read for 'per_row' / 'by' instead of rebuilding the lattice, cells and values. -#}
{% macro shapley_query(source, columns, key=none, output="per_row", by=none, phi=none) -%}
{% set frame = {} %}
{{ sqlpriv.engine_chain_frame(frame, columns, key) }}
{% set t = frame.t %}
{% set _ = t.update({"levels": "__sqlpriv_levels"}) %}
with {{ sqlpriv.engine_cohort_ctes(frame, source, level=by if output == "by" else none) }},
{% if phi is none %}
{{ sqlpriv.quote(t.lattice) }} as (
{{ sqlpriv.engine_lattice(t=t, cardinalities=none, columns=frame.columns, d=frame.d, parent_order=range(frame.d) | list, words=frame.words) }}
),
{{ sqlpriv.engine_cells_ctes(frame) }},
{% if output in ("per_row", "by", "phi") %}
{{ sqlpriv.quote(t.phi) }} as (
{{ sqlpriv.shapley_phi_exact(t=t, columns=frame.columns, words=frame.words) }}
),
{% endif %}
{% else %}
{% set _ = t.update({"phi": phi}) %}
{% endif %}
{% if output == "per_row" %}
__sqlpriv_result as (
{{ sqlpriv.shapley_per_row(t=t, columns=frame.columns, key=frame.key, key_name=frame.key_name, sampled=false, words=frame.words) }}
)
{% elif output == "by" %}
{% set meta = {} %}
{% for heading in ("level", "n", "share") %}
{% set ns = namespace(name=heading) %}
{% for _ in frame.columns if ns.name | lower in frame.columns | map(attribute="name") | map("lower") | list %}{% set ns.name = "_" ~ ns.name %}{% endfor %}
{% set _ = meta.update({heading: ns.name}) %}
{% endfor %}
{{ sqlpriv.quote(t.levels) }} as (
{{ sqlpriv.shapley_levels(t=t, expr=by, mode="carried", source=source, words=frame.words) }}
),
__sqlpriv_result as (
{{ sqlpriv.shapley_by(t=t, columns=frame.columns, meta=meta, sampled=false, samples=none, words=frame.words) }}
)
{% elif output == "phi" %}
__sqlpriv_result as (
select * from {{ sqlpriv.quote(t.phi) }}
)
{% elif output == "entropies" %}
__sqlpriv_result as (
{{ sqlpriv.shapley_entropies(t=t, columns=frame.columns) }}
)
{% else %}
__sqlpriv_result as (
{{ sqlpriv.shapley_summary(t=t, columns=frame.columns, full_sid=frame.full_sid, sampled=false, samples=none) }}
)
{% endif %}
select * from __sqlpriv_result
{%- endmacro %}
