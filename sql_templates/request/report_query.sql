{#- The one-row report of a data request (docs/measures.md §3) as ONE statement: the same row as
    sqlpriv.request.assess_request(source, columns, approve=, reject=, k=).report()
    (score, decision, n, classes, smallest_class, rows_below_k, share_below_k, unique_rows,
    share_unique, guess_probability, joint_factor, joint_score, joint_decision,
    rows_before_dropna), for a request of plain columns without weights or dropna, with the
    class sizes inlined as the CTE "__sqlpriv_sizes" (one GROUPING SETS pass). Builds the
    analysed / sets / fields structures of prepare_request: one set per column, plus the
    joint set -1 of all columns when there are several (one column is its own joint set).
    source: a relation as SQL text; columns: a non-empty list of plain column names;
    approve >= reject in [0, 1]; k >= 1; the gate policy max_unique_share (in [0, 1]), min_k
    (>= 1) and on_violation ('review' or 'reject') as in _report_body.sql. Uses the DuckDB macros of sql_templates/macros/. -#}
{% macro request_report_query(source, columns, approve=0.8, reject=0.2, k=5, max_unique_share=none, min_k=none,
                              on_violation="review", max_average_risk=none, max_population_uniqueness=none,
                              sampling_fraction=none) -%}
{% set t = {"sizes": "__sqlpriv_sizes"} %}
{% set analysed = [] %}
{% set multi = columns | length > 1 %}
{% set joint_j = -1 if multi else 0 %}
{% set sets = [{"j": -1, "members": range(columns | length) | list}] if multi else [] %}
{% set fields = [] %}
{% for c in columns %}
{% set _ = analysed.append({"alias": "a" ~ loop.index0, "expr": sqlpriv.quote(c)}) %}
{% set _ = sets.append({"j": loop.index0, "members": [loop.index0]}) %}
{% set _ = fields.append({"name": c, "expression": none, "j": loop.index0,
                          "sources": [{"name": c, "j": loop.index0}], "weight": none}) %}
{% endfor %}
with {{ sqlpriv.quote(t.sizes) }} as (
{{ sqlpriv.request_sizes(analysed, [], sets, source, "grouping_sets") }}
),
{{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields) }},
{{ sqlpriv.request_report_body(t, approve, joint_j, k, reject, max_unique_share, min_k, on_violation,
                               max_average_risk, max_population_uniqueness, sampling_fraction) }}
{%- endmacro %}
