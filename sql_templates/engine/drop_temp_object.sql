{#- Drop one temp object sqlpriv made on a user's connection (engine/temp_objects.sql's kinds). -#}
{% macro engine_drop_temp_object(kind, object) -%}
{% if kind == "view" %}drop view{% elif kind == "table" %}drop table{% elif kind == "table_macro" %}drop macro table{% else %}drop macro{% endif %} if exists temp.main.{{ sqlpriv.quote(object) }}
{%- endmacro %}
