{#- The name of the function that fails a statement with a message (the guards' CASE branches,
    e.g. pif/prior.sql: `{{ sqlpriv.error_function() }}('sqlpriv: ...')`). DuckDB: error; Spark:
    raise_error. -#}
{% macro error_function() -%}
{{ adapter.dispatch("error_function", "sqlpriv")() }}
{%- endmacro %}

{% macro default__error_function() -%}
error
{%- endmacro %}

{% macro spark__error_function() -%}
raise_error
{%- endmacro %}
