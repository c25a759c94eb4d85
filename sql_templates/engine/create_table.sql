{#- One plan step kept as a temporary table: how the Python plan and printed scripts run a
    step's select (a single-query chain such as the dbt models inlines the same select as a CTE).
    The head is the dialect's (dialect/create_temp_table.sql). -#}
{% macro engine_create_table(table, body) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(table)) }}
{{ body }}
{%- endmacro %}
