{#- An identifier quoted for the dialect: the one way every template writes a table or column
    name (Python twin: sqlpriv.engine.templates.quote, which the renderer calls). DuckDB and
    standard SQL: double quotes, inner double quotes doubled; Spark: backticks, inner backticks
    doubled. A name no SQL text can carry exactly (NUL, carriage return) is refused. -#}
{% macro quote(name) -%}
{{ adapter.dispatch("quote", "sqlpriv")(name) }}
{%- endmacro %}

{% macro default__quote(name) -%}
{{ sqlpriv.dialect_text_name_check(name) }}"{{ name | string | replace('"', '""') }}"
{%- endmacro %}

{% macro spark__quote(name) -%}
{{ sqlpriv.dialect_text_name_check(name) }}`{{ name | string | replace('`', '``') }}`
{%- endmacro %}
