{#- Dense integer codes (1..K) for the distinct values of one analysed column, NULL included.
    From the analysed rows (single statements): numbered in input order. From `relation`, the
    grouped values (engine_pattern_values, whose row order a parallel aggregate decides):
    numbered in value order, NULL last, so that the codes do not depend on that order.
    `counts` (with `relation`): each value also carries n, the rows holding it (the sum of the
    groups' multiplicities), from the same grouping: engine_patterns_grouped reads it for the
    columns a pattern's value alone singles out (its `unique`). -#}
{% macro engine_dictionary(t, column, relation=none, counts=false) -%}
{% if relation is none %}
select v, {{ sqlpriv.row_number() }} as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(t.analysed) }})
{%- elif counts %}
select v, row_number() over (order by v nulls last) as code, n
from (
    select {{ sqlpriv.quote(column) }} as v, sum(__sqlpriv_w)::bigint as n
    from {{ sqlpriv.quote(relation) }}
    group by 1
)
{%- else %}
select v, row_number() over (order by v nulls last) as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(relation) }})
{%- endif %}
{%- endmacro %}
