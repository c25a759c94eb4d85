{#- The first `limit` rows of a result's query (Jupyter display, the riskiest rows of a heatmap):
    the query's own order is kept. -#}
{% macro report_head(query, limit) -%}
select * from (
{{ query }}
) limit {{ limit | int }}
{%- endmacro %}
