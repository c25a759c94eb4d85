{#- Probe: the non-NULL values of one column (0: a column of NULLs, refused). -#}
{% macro attacks_non_null(table, column) -%}
select count({{ sqlpriv.quote(column) }}) as n from {{ sqlpriv.quote(table) }}
{%- endmacro %}
