{#- dbt generic test: `model` is k-anonymous on `columns` (every combination of their values
    is shared by at least k rows; with `entity`, by at least k distinct entities: a person with
    several rows counts once). Fails with one row per smaller class: the class's values, its
    class_size and a sentence saying what is wrong.
      models:
        - name: patients
          data_tests:
            - sqlpriv_k_anonymity: {arguments: {columns: [gender, age, zip], k: 5}} -#}
{% test sqlpriv_k_anonymity(model, columns, k=5, entity=none) %}
{% do sqlpriv.check_relation("sqlpriv_k_anonymity", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_k_anonymity", model, columns) %}
{% do sqlpriv.check_k("sqlpriv_k_anonymity", k) %}
{% do sqlpriv.check_entity("sqlpriv_k_anonymity", model, columns, entity) %}
select
    small.*,
    'only ' || small.class_size || {{ sqlpriv.literal(" distinct " ~ entity ~ " value(s)" if entity else " row(s)") }} || ' share these values of '
        || {{ sqlpriv.literal(columns | join(", ")) }} || '; k-anonymity needs at least {{ k }}' as failure
from (
{{ sqlpriv.request_small_classes(source=model, columns=columns, k=k, entity=entity) }}
) as small
{% endtest %}
