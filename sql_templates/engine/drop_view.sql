{#- Drop a temp view sqlpriv made (a relation's view, once read into its table). -#}
{% macro engine_drop_view(view) -%}
drop view if exists {{ sqlpriv.quote(view) }}
{%- endmacro %}
