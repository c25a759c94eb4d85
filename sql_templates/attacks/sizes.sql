{#- Probe: the rows of each of `tables`, one row. -#}
{% macro attacks_sizes(tables) -%}
select {% for t in tables %}(select count(*) from {{ sqlpriv.quote(t) }}){{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}
