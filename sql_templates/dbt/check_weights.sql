{#- The rows of `relation` whose sampling weight `weight` is missing, below 1 or not finite (NaN,
    infinity: sqlpriv.finite), plus one where finite weights sum to infinity, as one row `bad`: what the Python package refuses
    with one error (risk/check.sql), which the gating tests report as a failure instead of
    measuring around it (a NULL weight was left out of the population, a NaN one made the
    population uniqueness NaN, and either test passed). -#}
{% macro check_weights(relation, weight) -%}
{% set w = "cast(" ~ sqlpriv.quote(weight) ~ " as double)" %}
select count(*) - count({{ sqlpriv.quote(weight) }})
    + sum(case when not {{ sqlpriv.finite(w) }} or {{ w }} < 1 then 1 else 0 end)
    + case when not {{ sqlpriv.finite("sum(" ~ w ~ ")") }}
        and sum(case when {{ sqlpriv.finite(w) }} then 0 else 1 end) = 0 then 1 else 0 end as bad
from {{ relation }}
{%- endmacro %}
