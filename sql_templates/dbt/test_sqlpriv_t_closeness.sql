{#- dbt generic test: in every class of `model` on the quasi-identifiers `columns`, the
    distribution of each `sensitive` column is within earth mover's distance `t` of the whole
    table's (t-closeness, docs/measures.md §8: the ordered distance for numeric columns, or those
    listed in `ordered`; the equal distance otherwise). Fails with one row per failing
    (sensitive column, class): its values, n, the class's disclosure figures and a sentence.
      models:
        - name: patients
          data_tests:
            - sqlpriv_t_closeness: {arguments: {columns: [zip, age], sensitive: [diagnosis], t: 0.2}} -#}
{% test sqlpriv_t_closeness(model, columns, sensitive, t=0.2, ordered=none) %}
{% do sqlpriv.check_relation("sqlpriv_t_closeness", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_t_closeness", model, columns) %}
{% do sqlpriv.check_fraction("sqlpriv_t_closeness", "t", t) %}
{% set spec = sqlpriv.check_sensitive("sqlpriv_t_closeness", model, columns, sensitive, ordered) %}
{{ sqlpriv.disclosure_query(source=model, qis=columns, sens=spec.sens, meta=spec.meta, output="failing_t", bound=t) }}
{% endtest %}
