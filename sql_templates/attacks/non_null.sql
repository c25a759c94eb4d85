{#- Probe: the non-NULL values of each column, one row (0: a column of NULLs, refused). -#}
{% macro attacks_non_null(table, columns) -%}
select {% for c in columns %}count({{ sqlpriv.quote(c) }}){{ ", " if not loop.last }}{% endfor %} from {{ sqlpriv.quote(table) }}
{%- endmacro %}
