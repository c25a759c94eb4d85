{#- dbt: the relation the materialization sqlpriv_local_suppression writes its released table to
    before it takes the model's name (`suffix` "__dbt_tmp"), or a work table's (Spark,
    dbt/local_suppression_table.sql): named after the model `base` with `suffix`. DuckDB
    (default): dbt's intermediate relation. Spark: a table in the model's schema (dbt-spark's
    temporary relation has no schema, and Spark renames a table only within its schema). -#}
{% macro local_suppression_relation(base, suffix) -%}
{% do return(adapter.dispatch("local_suppression_relation", "sqlpriv")(base, suffix)) %}
{%- endmacro %}

{% macro default__local_suppression_relation(base, suffix) -%}
{% do return(make_intermediate_relation(base, suffix)) %}
{%- endmacro %}

{% macro spark__local_suppression_relation(base, suffix) -%}
{% do return(base.incorporate(path={"identifier": base.identifier ~ suffix}, type="table")) %}
{%- endmacro %}
