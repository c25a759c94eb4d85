{#- The subsets of a lattice table in sid order (the Python plan cuts it into chunks). -#}
{% macro shapley_lattice_sids(t) -%}
select sid from {{ sqlpriv.quote(t.lattice) }} order by sid
{%- endmacro %}
