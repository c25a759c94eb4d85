{#- The rows of `relation` whose sampling weight `weight` is missing, not positive or not finite (NaN
    sorts above infinity in DuckDB and Spark), as one row `bad`: what the Python package refuses
    with one error (risk/check.sql), which the gating tests report as a failure instead of
    measuring around it (a NULL weight was left out of the population, a NaN one made the
    population uniqueness NaN, and either test passed). -#}
{% macro check_weights(relation, weight) -%}
select count(*) - count({{ sqlpriv.quote(weight) }})
    + sum(case when cast({{ sqlpriv.quote(weight) }} as double) <= 0
        or cast({{ sqlpriv.quote(weight) }} as double) >= cast('Infinity' as double) then 1 else 0 end) as bad
from {{ relation }}
{%- endmacro %}
