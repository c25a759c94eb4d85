{#- dbt generic test: every class of `model` on the quasi-identifiers `columns` holds at least
    `l` distinct values of each `sensitive` column (distinct l-diversity, docs/measures.md §8;
    NULL is a value). Fails with one row per failing (sensitive column, class): its values, n,
    the class's disclosure figures and a sentence saying what is wrong.
      models:
        - name: patients
          data_tests:
            - sqlpriv_l_diversity: {arguments: {columns: [zip, age], sensitive: [diagnosis], l: 2}} -#}
{% test sqlpriv_l_diversity(model, columns, sensitive, l=2) %}
{% do sqlpriv.check_relation("sqlpriv_l_diversity", model, subquery_ok=true) %}
{% do sqlpriv.check_columns("sqlpriv_l_diversity", model, columns) %}
{% if l is not integer or l is sameas true or l is sameas false or l < 1 %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_l_diversity: argument `l` must be an integer >= 1 (the fewest distinct sensitive values a class may hold), got " ~ l) %}
{% endif %}
{% set spec = sqlpriv.check_sensitive("sqlpriv_l_diversity", model, columns, sensitive, []) %}
{{ sqlpriv.disclosure_query(source=model, qis=columns, sens=spec.sens, meta=spec.meta, output="failing_l", bound=l) }}
{% endtest %}
