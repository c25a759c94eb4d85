{#- dbt: stop at compile time unless `relation` is a dbt Relation (ref() or source()) on a
    DuckDB or Spark target (dbt-duckdb; dbt-spark, and dbt-databricks, whose adapter dispatch
    falls back to the spark__ variants): the one place where the adapter is checked. Dialect
    differences are dispatched (sql_templates/dialect/, adapter.dispatch). A generic test
    configured with `where:` gets its model as dbt's filtered subquery (text), accepted there. -#}
{% macro check_relation(macro_name, relation, subquery_ok=false) -%}
{% if target.type not in ("duckdb", "spark", "databricks") %}
{% do exceptions.raise_compiler_error(
    "sqlpriv." ~ macro_name ~ ": sqlpriv runs on DuckDB (dbt-duckdb) and Spark (dbt-spark, dbt-databricks), "
    ~ "but this target's adapter is " ~ target.type ~ "; copy the data into one of them to measure it") %}
{% endif %}
{% if subquery_ok and relation is string and (relation | trim | lower).startswith("(select") %}
{% elif not (relation is mapping and relation.get("metadata", {}).get("type", "").endswith("Relation")) %}
{% do exceptions.raise_compiler_error(
    "sqlpriv." ~ macro_name ~ ": argument `relation` must be a relation such as ref('my_model') or "
    ~ "source('src', 'table'), got " ~ (relation | string)[:80]) %}
{% endif %}
{%- endmacro %}
