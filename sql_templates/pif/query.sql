{#- Per-row cell information gain ('cig'), weighted CIG ('wcig') or cell surprise factor
    ('csf') as ONE statement (the dbt models' query; it runs as-is in the shell): the row key
    (the key column, else the 0-based input position as "row") and one column per analysed
    column. `source` is a relation as SQL text,
    `columns` a list of plain column names. `output` 'rig' gives the row key and the row's sum
    over the columns (as rig, or _rig if a column or the key has that name), 'fig' each column's
    sum over the rows (column, fig), 'percentile' the `fraction` quantile of RIG (pif),
    'top_rows' the `limit` rows of largest RIG, 'heatmap' the heatmap's input (`bins`).
    Priors are empirical and accuracies 1 unless given: `accuracies` {column: a in (0, 1]};
    `priors` {column: type} (a plain SQL type, the prior's values are cast to it) with
    `prior_entries` [{j, value (text or none), q}]: the prior table is a CTE (pif_prior; its guard
    runs where its `ok` column is read, which the caller does first). Output 'prior' is that CTE.
    `dropna`: the rows with a NULL in an analysed column are left out after they are numbered. -#}
{% macro pif_query(source, columns, key=none, measure="cig", output="per_row", fraction=0.95, limit=10, bins=none,
                   priors=none, prior_entries=none, accuracies=none, dropna=false) -%}
{% set frame = {} %}
{{ sqlpriv.engine_chain_frame(frame, columns, key, dropna) }}
{% set t = frame.t %}
{% set _ = t.update({"pif_prior": "__sqlpriv_pif_prior"}) %}
{% set taken = [frame.key_name | lower] %}
{% for c in frame.columns %}{% set _ = taken.append(c.name | lower) %}{% endfor %}
{% set ns = namespace(rig="rig") %}
{% for _ in taken if ns.rig | lower in taken %}{% set ns.rig = "_" ~ ns.rig %}{% endfor %}
{% set cols = [] %}
{% for c in frame.columns %}
{% set _ = cols.append({"j": c.j, "name": c.name, "word": c.j, "offset": 0, "bitmask": frame.words[c.j][0].mask,
                        "ctx_mask": 0, "accuracy": (accuracies or {}).get(c.name, 1), "prior": c.name in (priors or {}),
                        "type": (priors or {}).get(c.name)}) %}
{% endfor %}
with {{ sqlpriv.engine_cohort_ctes(frame, source) }},
{% if priors %}
{{ sqlpriv.quote(t.pif_prior) }} as (
{{ sqlpriv.pif_prior(t=t, entries=prior_entries, prior_cols=cols | selectattr("prior") | list, head=false) }}
),
{% endif %}
{{ sqlpriv.quote(t.pif_values) }} as (
{{ sqlpriv.pif_values(t=t, cols=cols) }}
),
{% for c in cols %}
{{ sqlpriv.quote(t.pif_context[c.j]) }} as (
{{ sqlpriv.pif_context(t=t, c=c, words=frame.words) }}
),
{% endfor %}
{% if measure == "wcig" %}
{{ sqlpriv.quote(t.pif_entropies) }} as (
{{ sqlpriv.pif_entropies(t=t, cols=cols) }}
),
{% endif %}
{{ sqlpriv.quote(t.pif_cells) }} as (
{{ sqlpriv.pif_cells(t=t, cols=cols, words=frame.words) }}
),
__sqlpriv_result as (
{% if output == "prior" %}
select j, code, q, ok from {{ sqlpriv.quote(t.pif_prior) }}
{% elif output == "rig" %}
{{ sqlpriv.pif_rig(t=t, cols=cols, key=frame.key, key_name=frame.key_name, measure=measure, words=frame.words, rig_name=ns.rig) }}
{% elif output == "fig" %}
{{ sqlpriv.pif_fig(t=t, cols=cols, measure=measure) }}
{% elif output == "percentile" %}
{{ sqlpriv.pif_percentile(t=t, cols=cols, key=frame.key, key_name=frame.key_name, measure=measure, words=frame.words, fraction=fraction) }}
{% elif output == "top_rows" %}
{{ sqlpriv.pif_top_rows(t=t, cols=cols, key=frame.key, key_name=frame.key_name, measure=measure, words=frame.words, rig_name=ns.rig, limit=limit) }}
{% elif output == "heatmap" %}
{{ sqlpriv.pif_heatmap(t=t, cols=cols, key=frame.key, key_name=frame.key_name, measure=measure, words=frame.words, rig_name=ns.rig, bins=bins) }}
{% else %}
{{ sqlpriv.pif_per_row(t=t, cols=cols, key=frame.key, key_name=frame.key_name, measure=measure, words=frame.words) }}
{% endif %}
)
select * from __sqlpriv_result
{%- endmacro %}
