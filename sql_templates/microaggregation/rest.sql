{#- MDAV's last group (docs/measures.md, microaggregation), run in place: the rows of the state
    table `table` (a name; pos, z0.., g) still without a group (fewer than 2 x aggr, or fewer than
    3 x aggr after the last round of one group) form group `first`. -#}
{% macro microaggregation_rest(table, first) -%}
update {{ sqlpriv.quote(table) }}
set g = {{ sqlpriv.literal(first) }}
where g is null
{%- endmacro %}
