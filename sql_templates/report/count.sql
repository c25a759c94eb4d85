{#- The number of rows of a result's query (Jupyter display: "first 10 of N rows"). -#}
{% macro report_count(query) -%}
select count(*) as n from (
{{ query }}
)
{%- endmacro %}
