{#- `rounds` MDAV rounds run in place (docs/measures.md, microaggregation): the rows that
    microaggregation/round.sql groups get their group `g` in the state table `table` (a name), the
    other rows are left as they are. One statement per batch of rounds, on one table: no copy of
    the state per round and no chain of steps as long as the rounds. -#}
{% macro microaggregation_assign(table, d, aggr, first, both=true, rounds=1) -%}
update {{ sqlpriv.quote(table) }}
set g = u.g
from ({{ sqlpriv.microaggregation_round(sqlpriv.quote(table), d, aggr, first, both, rounds) }}) as u
where {{ sqlpriv.quote(table) }}.pos = u.pos
{%- endmacro %}
