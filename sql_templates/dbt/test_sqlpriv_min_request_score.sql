{#- dbt generic test: a request for `columns` of `model` scores at least `min_score` (Cave's
    privacy factor product; 1 = anonymous, 0 = identifying). Fails with the one-row report
    (score, decision, joint figures) and a sentence.
            - sqlpriv_min_request_score: {arguments: {columns: [gender, age], min_score: 0.5}} -#}
{% test sqlpriv_min_request_score(model, columns, min_score) %}
{% do sqlpriv.check_relation("sqlpriv_min_request_score", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_min_request_score", model, columns) %}
{% do sqlpriv.check_fraction("sqlpriv_min_request_score", "min_score", min_score) %}
select
    report.*,
    'a request for ' || {{ sqlpriv.literal(columns | join(", ")) }} || ' scores ' || round(report.score, 4)
        || ' (' || report.decision || '); the test needs at least ' || {{ min_score }} as failure
from (
{{ sqlpriv.request_report_query(source=model, columns=columns) }}
) as report
where report.score < {{ min_score }}
{% endtest %}
