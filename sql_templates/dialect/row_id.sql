{#- A number for each row of a stored round table, unique and the same in every statement that
    reads the table while it is unchanged (not a position: gaps allowed). DuckDB: the table's
    rowid. Spark: monotonically_increasing_id() of the round table, a local checkpoint whose
    partitions and their row order are fixed (sqlpriv.engine.spark.plan). -#}
{% macro row_id() -%}
{{ adapter.dispatch("row_id", "sqlpriv")() }}
{%- endmacro %}

{% macro default__row_id() -%}
rowid
{%- endmacro %}

{% macro spark__row_id() -%}
monotonically_increasing_id()
{%- endmacro %}
