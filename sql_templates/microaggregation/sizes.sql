{#- The rows of each stratum of the table of microaggregation/strata.sql (`relation`): sid, n, in
    the strata's order (docs/measures.md §12). -#}
{% macro microaggregation_sizes(relation) -%}
select sid, count(*) as n from {{ relation }} group by sid order by sid
{%- endmacro %}
