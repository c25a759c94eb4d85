{#- The final MDAV groups of every stratum (docs/measures.md §12): the union of the strata's final
    states (`relations`), each row's position `pos` and its group `g` numbered apart per stratum
    (`offsets`: the groups of the strata before it). -#}
{% macro microaggregation_groups(relations, offsets) -%}
{% for r in relations %}
select pos, g + {{ sqlpriv.literal(offsets[loop.index0]) }} as g from {{ sqlpriv.quote(r) }}
{{ "union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
