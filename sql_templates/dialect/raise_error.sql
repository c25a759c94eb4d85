{#- Fail the statement with `message` (a SQL string constant starting 'sqlpriv:', which the
    engines report as sqlpriv's own error). DuckDB: error(); Spark: raise_error(). -#}
{% macro raise_error(message) -%}
{{ adapter.dispatch("raise_error", "sqlpriv")(message) }}
{%- endmacro %}

{% macro default__raise_error(message) -%}
error({{ message }})
{%- endmacro %}

{% macro spark__raise_error(message) -%}
raise_error({{ message }})
{%- endmacro %}
