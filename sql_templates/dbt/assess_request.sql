{#- dbt model: the one-row verdict on a data request for `columns` (Cave): score, decision
    (approve / review / reject at the `approve` and `reject` thresholds) and the exact joint
    figures (classes, smallest_class, rows_below_k, unique_rows, share_unique, ...).
    {{ sqlpriv.assess_request(ref('patients'), ['gender', 'age'], k=5) }} -#}
{% macro assess_request(relation, columns, approve=0.8, reject=0.2, k=5) -%}
{% do sqlpriv.check_relation("assess_request", relation) %}
{% do sqlpriv.check_columns("assess_request", relation, columns) %}
{% do sqlpriv.check_fraction("assess_request", "approve", approve) %}
{% do sqlpriv.check_fraction("assess_request", "reject", reject) %}
{% do sqlpriv.check_k("assess_request", k) %}
{% if reject > approve %}
{% do exceptions.raise_compiler_error("sqlpriv.assess_request: `reject` (" ~ reject ~ ") is above `approve` ("
    ~ approve ~ "); scores at or above approve are approved, below reject rejected, in between reviewed") %}
{% endif %}
{{ sqlpriv.request_report_query(source=relation, columns=columns, approve=approve, reject=reject, k=k) }}
{%- endmacro %}
