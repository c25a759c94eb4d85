{#- The empty table the search chunks insert into (dialect/empty_table.sql: a Spark round table too). -#}
{% macro attacks_neighbours_table(table) -%}
{{ sqlpriv.empty_table(sqlpriv.quote(table), "tid bigint, rk bigint, sid bigint, spos bigint, d double") }}
{%- endmacro %}
