{#- dbt: one work table of the materialization sqlpriv_local_suppression (the model's select, the
    starting state, each round's class sizes and state), `sql` kept as a table named after the
    model `base` with `suffix`, created now; returns its relation. DuckDB (default): a temporary
    table, the connection's own. Spark (dbt-spark, dbt-databricks): a table in the model's schema
    (dbt-spark's temporary relation is a view, which Spark would recompute from the first round at
    every round), created as the model's own tables are, any one left by a failed run dropped
    first; the materialization drops them once the model's table is written. -#}
{% macro local_suppression_table(base, suffix, sql) -%}
{% do return(adapter.dispatch("local_suppression_table", "sqlpriv")(base, suffix, sql)) %}
{%- endmacro %}

{% macro default__local_suppression_table(base, suffix, sql) -%}
{% set relation = make_temp_relation(base, suffix).incorporate(type="table") %}
{% do run_query(create_table_as(True, relation, sql)) %}
{% do return(relation) %}
{%- endmacro %}

{% macro spark__local_suppression_table(base, suffix, sql) -%}
{% set relation = sqlpriv.local_suppression_relation(base, suffix) %}
{% do adapter.drop_relation(relation) %}
{% do run_query(create_table_as(False, relation, sql)) %}
{% do return(relation) %}
{%- endmacro %}
