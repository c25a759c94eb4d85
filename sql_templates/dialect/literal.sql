{#- A constant as a SQL literal: NULL, true/false, a number as written, anything else a string
    constant that reads back exactly (Python twin: sqlpriv.engine.templates.literal, which the
    renderer calls; the rule: sqlpriv/engine/sql_text.py). Standard SQL and DuckDB: single-quoted,
    inner quotes doubled, each control character (C0, DEL, C1) as chr(n) joined with ||, so that
    no NUL or carriage return is ever written raw (the duckdb shell reads a printed script line by
    line). Spark: backslash and quote backslash-escaped, control characters and $ as \uXXXX (Spark
    reads backslash escapes; $ never starts a ${...} variable). -#}
{% macro literal(value) -%}
{{ adapter.dispatch("literal", "sqlpriv")(value) }}
{%- endmacro %}

{% macro default__literal(value) -%}
{% if value is none %}NULL{% elif value is sameas true %}true{% elif value is sameas false %}false{% elif value is number %}{{ value }}{% else %}{{ sqlpriv.dialect_text_duckdb(value | string) }}{% endif %}
{%- endmacro %}

{% macro spark__literal(value) -%}
{% if value is none or value is sameas true or value is sameas false or value is number %}{{ sqlpriv.default__literal(value) }}{% else %}{{ sqlpriv.dialect_text_spark(value | string) }}{% endif %}
{%- endmacro %}
