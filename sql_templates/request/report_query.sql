{#- The one-row report of a data request (docs/measures.md §3) as ONE statement: the same row as
    sqlpriv.request.assess_request(source, columns, approve=, reject=, k=).report()
    (score, decision, n, classes, smallest_class, rows_below_k, share_below_k, unique_rows,
    share_unique, guess_probability, joint_factor, joint_score, joint_decision,
    rows_before_dropna), for a request of plain columns (`weights`: {column: factor} overriding
    measured factors; the joint figures are over the columns without one) (dropna: rows with NULL
    in a requested column left out), over the shared head of _query_ctes.sql.
    source: a relation as SQL text; columns: a non-empty list of plain column names;
    approve >= reject in [0, 1]; k >= 1; the gate policy max_unique_share (in [0, 1]), min_k
    (>= 1) and on_violation ('review' or 'reject') as in _report_body.sql. Uses the DuckDB macros of sql_templates/macros/. -#}
{% macro request_report_query(source, columns, approve=0.8, reject=0.2, k=5, max_unique_share=none, min_k=none,
                              on_violation="review", max_average_risk=none, max_population_uniqueness=none,
                              sampling_fraction=none, dropna=false, weights=none) -%}
{% set t = {"sizes": "__sqlpriv_sizes"} %}
{% set joint_j = sqlpriv.request_joint_j(columns, weights) | trim | int %}
{{ sqlpriv.request_query_ctes(source, columns, dropna, weights) }},
{{ sqlpriv.request_report_body(t, approve, joint_j, k, reject, max_unique_share, min_k, on_violation,
                               max_average_risk, max_population_uniqueness, sampling_fraction) }}
{%- endmacro %}
