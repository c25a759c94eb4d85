{#- An identifier, double-quoted with inner double quotes doubled: the one way every
    template writes a table or column name (Python twin: sqlpriv.engine.templates.quote). -#}
{% macro quote(name) -%}
"{{ name | string | replace('"', '""') }}"
{%- endmacro %}
