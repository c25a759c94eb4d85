{#- The head of a statement that keeps a select as a round table of a plan: `<head>` then the
    select on the next line (engine/create_table.sql, and the templates that write their own
    select); `relation` is the table's quoted name. DuckDB: a temporary table, replaced if it
    exists. Spark: CACHE TABLE, the eager, session-scoped cached view Spark SQL has; the Spark
    plan runner (sqlpriv.engine.spark.plan) reads this head and keeps the select as a
    checkpointed temp view of that name instead (replacing one, cut from its lineage). -#}
{% macro create_temp_table(relation) -%}
{{ adapter.dispatch("create_temp_table", "sqlpriv")(relation) }}
{%- endmacro %}

{% macro default__create_temp_table(relation) -%}
create or replace temp table {{ relation }} as
{%- endmacro %}

{% macro spark__create_temp_table(relation) -%}
cache table {{ relation }} as
{%- endmacro %}
