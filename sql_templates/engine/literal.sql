{#- A constant as a SQL literal: NULL, true/false, a number as written, anything else
    single-quoted with inner single quotes doubled (Python twin: sqlpriv.engine.templates.literal). -#}
{% macro literal(value) -%}
{% if value is none %}NULL{% elif value is sameas true %}true{% elif value is sameas false %}false{% elif value is number %}{{ value }}{% else %}'{{ value | string | replace("'", "''") }}'{% endif %}
{%- endmacro %}
