{#- A relation over one table, or the union of a table's parts (engine/table_part.sql): each
    part is its own scan, so the parts are read in parallel. -#}
{% macro engine_parts_union(tables) -%}
{% if tables is string %}
{{ sqlpriv.quote(tables) }}
{%- elif tables | length == 1 %}
{{ sqlpriv.quote(tables[0]) }}
{%- else %}
(
{% for table in tables %}
    select * from {{ sqlpriv.quote(table) }}{{ " union all" if not loop.last }}
{% endfor %}
)
{%- endif %}
{%- endmacro %}
