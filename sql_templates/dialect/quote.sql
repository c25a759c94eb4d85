{#- An identifier quoted for the dialect: the one way every template writes a table or column
    name (Python twin: sqlpriv.engine.templates.quote). DuckDB and standard SQL: double quotes,
    inner double quotes doubled; Spark: backticks, inner backticks doubled. -#}
{% macro quote(name) -%}
{{ adapter.dispatch("quote", "sqlpriv")(name) }}
{%- endmacro %}

{% macro default__quote(name) -%}
"{{ name | string | replace('"', '""') }}"
{%- endmacro %}

{% macro spark__quote(name) -%}
`{{ name | string | replace('`', '``') }}`
{%- endmacro %}
