{#- A constant as a SQL literal: NULL, true/false, a number as written, anything else
    single-quoted with inner single quotes doubled (Python twin: sqlpriv.engine.templates.literal);
    Spark also escapes backslashes (its string literals read backslash escapes). -#}
{% macro literal(value) -%}
{{ adapter.dispatch("literal", "sqlpriv")(value) }}
{%- endmacro %}

{% macro default__literal(value) -%}
{% if value is none %}NULL{% elif value is sameas true %}true{% elif value is sameas false %}false{% elif value is number %}{{ value }}{% else %}'{{ value | string | replace("'", "''") }}'{% endif %}
{%- endmacro %}

{% macro spark__literal(value) -%}
{% if value is none or value is sameas true or value is sameas false or value is number %}{{ sqlpriv.default__literal(value) }}{% else %}'{{ value | string | replace("\\", "\\\\") | replace("'", "''") }}'{% endif %}
{%- endmacro %}
