{#- Exact uniqueness Shapley values as ONE statement (the dbt models' query; it runs as-is in
    the shell): output 'per_row' gives the row key (the key column, else the 0-based input
    position as "row") and one column per analysed column; 'summary' gives one row per column
    (column, entropy, conditional_entropy, shapley); 'entropies' every column subset (columns,
    size, entropy); 'by' gives the mean values per level of
    the SQL expression `by` (level, n, share, one column per analysed column; headings an
    analysed column already uses get a leading _); 'values' one row per distinct pattern: its
    packed codes k0.., values phi0.., multiplicity __sqlpriv_w and the analysed columns' own
    values. `source` is a relation as SQL text, `columns` a list of plain column names.
    Spark keeps a 'values' output as a cached view, shared by one analysis' by() tables: `values`
    (that view) gives 'by' from it alone, when `by` reads only analysed columns; `phi` (that view)
    is read for 'per_row' / 'by' instead of rebuilding the lattice, cells and values. `dropna`:
    the rows with a NULL in an analysed column are left out after they are numbered. -#}
{% macro shapley_query(source, columns, key=none, output="per_row", by=none, phi=none, values=none, dropna=false) -%}
{% set frame = {} %}
{{ sqlpriv.engine_chain_frame(frame, columns, key, dropna) }}
{% set t = frame.t %}
{% set _ = t.update({"levels": "__sqlpriv_levels"}) %}
{% if output == "by" %}
{% set meta = {} %}
{% for heading in ("level", "n", "share") %}
{% set ns = namespace(name=heading) %}
{% for _ in frame.columns if ns.name | lower in frame.columns | map(attribute="name") | map("lower") | list %}{% set ns.name = "_" ~ ns.name %}{% endfor %}
{% set _ = meta.update({heading: ns.name}) %}
{% endfor %}
{% endif %}
{% if output == "by" and values is not none %}
with means as (
    select
        ({{ by }}) as level,
        sum(__sqlpriv_w) as n,
{% for c in frame.columns %}
        sum(__sqlpriv_w * phi{{ loop.index0 }}) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(values) }}
    group by 1
),
sizes as (
    select level, n from means
)
{{ sqlpriv.shapley_by_select(frame.columns, meta, false) }}
{% else %}
with {{ sqlpriv.engine_cohort_ctes(frame, source, level=by if output == "by" else none) }},
{% if phi is none %}
{{ sqlpriv.quote(t.lattice) }} as (
{{ sqlpriv.engine_lattice(t=t, cardinalities=none, columns=frame.columns, d=frame.d, parent_order=range(frame.d) | list, words=frame.words) }}
),
{{ sqlpriv.engine_cells_ctes(frame) }},
{% if output in ("per_row", "by", "values") %}
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
{{ sqlpriv.quote(t.levels) }} as (
{{ sqlpriv.shapley_levels(t=t, expr=by, mode="carried", source=source, words=frame.words) }}
),
__sqlpriv_result as (
{{ sqlpriv.shapley_by(t=t, columns=frame.columns, meta=meta, sampled=false, samples=none, words=frame.words) }}
)
{% elif output == "values" %}
__sqlpriv_result as (
select
{% for word in frame.words %}
    p.k{{ loop.index0 }},
{% endfor %}
{% for c in frame.columns %}
    v.phi{{ loop.index0 }},
{% endfor %}
    p.w as __sqlpriv_w,
{% for c in frame.columns %}
    d{{ loop.index0 }}.v as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.patterns) }} as p
join {{ sqlpriv.quote(t.phi) }} as v on {% for word in frame.words %}v.k{{ loop.index0 }} = p.k{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}

{% for c in frame.columns %}
left join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on d{{ loop.index0 }}.code = p.k{{ loop.index0 }}
{% endfor %}
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
{% endif %}
{%- endmacro %}
