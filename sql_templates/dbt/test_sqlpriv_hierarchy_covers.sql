{#- dbt generic test: the table hierarchy `hierarchy` ({'map': {value: [level1, ...]}}, as the
    model macro sqlpriv.generalize takes it) covers every value of `column_name` of `model`, so
    new values arriving in the warehouse fail here, before a release is built. Fails with one row
    per uncovered value: the value (as text), its rows and a sentence. Levels that do not nest
    stop dbt at compile time.
      seeds:
        - name: people
          columns:
            - name: class
              data_tests:
                - sqlpriv_hierarchy_covers: {arguments: {hierarchy: {map: {A: [simple], C: [medium]}}}} -#}
{% test sqlpriv_hierarchy_covers(model, column_name, hierarchy) %}
{% do sqlpriv.check_relation("sqlpriv_hierarchy_covers", model, subquery_ok=true) %}
{% if hierarchy is not mapping or (hierarchy.keys() | list) != ["map"] %}
{% do exceptions.raise_compiler_error("sqlpriv.sqlpriv_hierarchy_covers: argument `hierarchy` must be a table hierarchy {'map': {value: [level1, ...]}} (the other kinds cover every value by construction), got " ~ hierarchy) %}
{% endif %}
{% do sqlpriv.check_hierarchy("sqlpriv_hierarchy_covers", none, column_name, hierarchy["map"]) %}
select
    uncovered.*,
    'the hierarchy of ' || {{ sqlpriv.literal(column_name) }} || ' does not cover this value; add a row for it' as failure
from (
{{ sqlpriv.generalize_uncovered(model, column_name, hierarchy["map"].keys() | list) }}
) as uncovered
{% endtest %}
