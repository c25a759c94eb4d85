{#- dbt model: the one-row verdict on a data request for `columns` (Cave): score, decision
    (approve / review / reject at the `approve` and `reject` thresholds) and the exact joint
    figures (classes, smallest_class, rows_below_k, unique_rows, share_unique, ...); the gate
    policy max_unique_share / min_k (on_violation 'review' or 'reject') as in
    sqlpriv.assess_request, with the rule that fired in `rule`.
    {{ sqlpriv.assess_request(ref('patients'), ['gender', 'age'], k=5) }} -#}
{% macro assess_request(relation, columns, approve=0.8, reject=0.2, k=5, max_unique_share=none, min_k=none,
                        on_violation="review") -%}
{% do sqlpriv.check_relation("assess_request", relation) %}
{% do sqlpriv.check_columns("assess_request", relation, columns) %}
{% do sqlpriv.check_fraction("assess_request", "approve", approve) %}
{% do sqlpriv.check_fraction("assess_request", "reject", reject) %}
{% do sqlpriv.check_k("assess_request", k) %}
{% if max_unique_share is not none %}
{% do sqlpriv.check_fraction("assess_request", "max_unique_share", max_unique_share) %}
{% endif %}
{% if min_k is not none %}
{% if min_k is not integer or min_k is sameas true or min_k is sameas false or min_k < 1 %}
{% do exceptions.raise_compiler_error("sqlpriv.assess_request: argument `min_k` must be an integer >= 1 (the smallest class allowed), got " ~ min_k) %}
{% endif %}
{% endif %}
{% if on_violation not in ("review", "reject") %}
{% do exceptions.raise_compiler_error("sqlpriv.assess_request: `on_violation` must be 'review' or 'reject', got "
    ~ on_violation) %}
{% endif %}
{% if reject > approve %}
{% do exceptions.raise_compiler_error("sqlpriv.assess_request: `reject` (" ~ reject ~ ") is above `approve` ("
    ~ approve ~ "); scores at or above approve are approved, below reject rejected, in between reviewed") %}
{% endif %}
{{ sqlpriv.request_report_query(source=relation, columns=columns, approve=approve, reject=reject, k=k,
                                max_unique_share=max_unique_share, min_k=min_k, on_violation=on_violation) }}
{%- endmacro %}
