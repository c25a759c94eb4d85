{#- dbt generic test: at most `max_share` of the rows of `model` are unique on `columns`
    together. Fails with one row of figures (unique_rows, n, share_unique, ...) and a sentence.
            - sqlpriv_max_unique_share: {arguments: {columns: [gender, age], max_share: 0.01}} -#}
{% test sqlpriv_max_unique_share(model, columns, max_share) %}
{% do sqlpriv.check_relation("sqlpriv_max_unique_share", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_max_unique_share", model, columns) %}
{% do sqlpriv.check_fraction("sqlpriv_max_unique_share", "max_share", max_share) %}
select
    report.*,
    report.unique_rows || ' of ' || report.n || ' rows (' || round(100 * report.share_unique, 2)
        || '%) are unique on ' || {{ sqlpriv.literal(columns | join(", ")) }}
        || '; the test allows at most ' || round(100 * {{ max_share }}, 2) || '%' as failure
from (
{{ sqlpriv.request_report_query(source=model, columns=columns) }}
) as report
where report.share_unique > {{ max_share }}
{% endtest %}
