{#- `rounds` MDAV rounds applied to the state (docs/measures.md, microaggregation): the rows that
    microaggregation/round.sql groups get their group `g` in the state table `table` (a name; pos,
    z0.. for `d` columns, g), the other rows are left as they are (sqlpriv.assign_rows: an UPDATE in
    place on DuckDB, one statement per batch of rounds on one table, no copy of the state per round
    and no chain of steps as long as the rounds; on Spark the table of that name replaced). -#}
{% macro microaggregation_assign(table, d, aggr, first, both=true, rounds=1) -%}
{% set ns = namespace(columns=["pos"]) %}
{% for j in range(d) %}
{% set ns.columns = ns.columns + ["z" ~ j] %}
{% endfor %}
{% set ns.columns = ns.columns + ["g"] %}
{{ sqlpriv.assign_rows(sqlpriv.quote(table), ns.columns, "pos", "g", sqlpriv.microaggregation_round(sqlpriv.quote(table), d, aggr, first, both, rounds)) }}
{%- endmacro %}
