{#- MDAV's last group (docs/measures.md, microaggregation), applied to the state: the rows of the
    state table `table` (a name; pos, z0.. for `d` columns, g) still without a group (fewer than
    2 x aggr, or fewer than 3 x aggr after the last round of one group) form group `first`
    (sqlpriv.assign_rows: in place on DuckDB, the table replaced on Spark). -#}
{% macro microaggregation_rest(table, d, first) -%}
{% set ns = namespace(columns=["pos"]) %}
{% for j in range(d) %}
{% set ns.columns = ns.columns + ["z" ~ j] %}
{% endfor %}
{% set ns.columns = ns.columns + ["g"] %}
{{ sqlpriv.assign_rows(sqlpriv.quote(table), ns.columns, "pos", "g", "select pos, " ~ sqlpriv.literal(first) ~ " as g from " ~ sqlpriv.quote(table) ~ " where g is null") }}
{%- endmacro %}
