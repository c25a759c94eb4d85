{#- One plan step kept as a temporary table: how the Python plan and printed scripts run a
    step's select (a single-query chain such as the dbt models inlines the same select as a CTE). -#}
{% macro engine_create_table(table, body) -%}
create or replace temp table {{ sqlpriv.quote(table) }} as
{{ body }}
{%- endmacro %}
