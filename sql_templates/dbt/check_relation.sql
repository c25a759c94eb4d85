{#- dbt: stop at compile time unless `relation` is a dbt Relation (ref() or source()) on a
    DuckDB target: the one place where the adapter is checked (the templates use DuckDB SQL:
    GROUPING SETS, bit operations, list lambdas and DuckDB macros). A generic test configured
    with `where:` gets its model as dbt's filtered subquery (text), which is accepted there. -#}
{% macro check_relation(macro_name, relation, subquery_ok=false) -%}
{% if target.type != "duckdb" %}
{% do exceptions.raise_compiler_error(
    "sqlpriv." ~ macro_name ~ ": sqlpriv runs on DuckDB (dbt-duckdb), but this target's adapter is "
    ~ target.type ~ "; copy the data into DuckDB (e.g. with a dbt-duckdb source) to measure it") %}
{% endif %}
{% if subquery_ok and relation is string and (relation | trim | lower).startswith("(select") %}
{% elif not (relation is mapping and relation.get("metadata", {}).get("type", "").endswith("Relation")) %}
{% do exceptions.raise_compiler_error(
    "sqlpriv." ~ macro_name ~ ": argument `relation` must be a relation such as ref('my_model') or "
    ~ "source('src', 'table'), got " ~ (relation | string)[:80]) %}
{% endif %}
{%- endmacro %}
