{#- Probe: distinct rows and all rows (with exact duplicates) of one prepared table. -#}
{% macro singling_out_side_counts(table) -%}
select count(*) as distinct_rows, sum(__sqlpriv_copies) as rows from {{ sqlpriv.quote(table) }}
{%- endmacro %}
