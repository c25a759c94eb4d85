{#- dbt generic test: at most a share `max_share` (default 0: none, as `sqlpriv dcr`'s default
    policy) of the rows of `synthetic` are exact copies of a record of `model` (the original) on
    every one of `columns` (NULL equal to NULL; sqlpriv.dcr's exact_copy_share, one statement:
    attacks/copies_query.sql). Fails with n_synthetic, n_copies, copy_share and a sentence.
            - sqlpriv_max_exact_copies: {arguments: {synthetic: ref('adult_synthetic'), columns: [age, sex, education], max_share: 0.01}} -#}
{% test sqlpriv_max_exact_copies(model, synthetic, columns, max_share=0) %}
{% do sqlpriv.check_fraction("sqlpriv_max_exact_copies", "max_share", max_share) %}
{% do sqlpriv.check_relation("sqlpriv_max_exact_copies", model, subquery_ok=true) %}
{% do sqlpriv.check_relation("sqlpriv_max_exact_copies", synthetic) %}
{% do sqlpriv.check_columns("sqlpriv_max_exact_copies", model, columns) %}
{% do sqlpriv.check_columns("sqlpriv_max_exact_copies", synthetic, columns) %}
select
    r.*,
    r.n_copies || ' of ' || r.n_synthetic || ' synthetic rows copy an original record on '
        || {{ sqlpriv.literal(columns | length) }} || ' columns (share ' || coalesce(cast(round(r.copy_share, 6) as {{ sqlpriv.text_type() }}), 'undefined (no synthetic row)')
        || '); the test allows a share of at most ' || {{ sqlpriv.literal(max_share) }} as failure
from (
{{ sqlpriv.attacks_copies_query(model, synthetic, columns) }}
) as r
where coalesce(r.copy_share > {{ sqlpriv.literal(max_share) }}, false)
{% endtest %}
