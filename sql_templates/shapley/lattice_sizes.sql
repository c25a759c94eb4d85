{#- The subsets of a lattice table per size (the Python plan cuts the strata into chunks). -#}
{% macro shapley_lattice_sizes(t) -%}
select size, count(*) as subsets from {{ sqlpriv.quote(t.lattice) }} group by size order by size
{%- endmacro %}
