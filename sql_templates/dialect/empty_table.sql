{#- An empty round table of a plan with the given column definitions (`columns`: SQL text such as
    'a bigint, b integer'), filled later by insert into. DuckDB: a temporary table; Spark: the
    head the Spark plan runner reads (create_temp_table.sql) over no rows of that struct type. -#}
{% macro empty_table(relation, columns) -%}
{{ adapter.dispatch("empty_table", "sqlpriv")(relation, columns) }}
{%- endmacro %}

{% macro default__empty_table(relation, columns) -%}
create or replace temp table {{ relation }} ({{ columns }})
{%- endmacro %}

{% macro spark__empty_table(relation, columns) -%}
{{ sqlpriv.create_temp_table(relation) }}
select inline(cast(array() as array<struct<{{ columns }}>>))
{%- endmacro %}
