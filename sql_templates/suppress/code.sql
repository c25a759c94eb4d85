{#- A local-suppression state with each pattern's key values packed into one integer (docs/measures.md,
    local suppression): `relation` (suppress/start.sql's columns) plus `code`, the packed current
    values (key j's dense rank among its values, NULLs ranked last explicitly as Spark sorts them first, 0 for NULL, shifted left by `shifts[j]`, key 0 in
    the highest bits: ordering by `code` is ordering by the values, NULLs first), and `nm`, the bit
    mask of the keys NULL in the source (`nk` keys). Rounds then join and group on integers
    (suppress/packed_sizes.sql, suppress/packed_round.sql); a suppressed key's field becomes 0. -#}
{% macro suppress_code(relation, nk, shifts) -%}
select
    r.*,
{% for j in range(nk) %}
    case when r.{{ sqlpriv.quote("o" ~ j) }} is null then 0 else cast(dense_rank() over (order by r.{{ sqlpriv.quote("o" ~ j) }} nulls last) as bigint) * {{ sqlpriv.literal(2 ** shifts[j]) }} end{{ " +" if not loop.last else " as code," }}
{% endfor %}
{% for j in range(nk) %}
    case when r.{{ sqlpriv.quote("o" ~ j) }} is null then {{ sqlpriv.literal(2 ** j) }} else 0 end{{ " +" if not loop.last else " as nm" }}
{% endfor %}
from {{ relation }} as r
{%- endmacro %}
