{#- What the risk measure checks before it runs (sqlpriv/risk.py): the row count, NULL sampling
    weights and those below 1 or not finite (NaN, infinity: sqlpriv.finite) with the weights' sum,
    NULL household identifiers and NaN or infinite ones (a NaN household is as unknown as a NULL
    one: it would merge every such record into one household), and NULL entity identifiers. -#}
{% macro risk_check(source, weight=none, household=none, entity=none) -%}
select
    count(*) as n,
{% if weight %}
    count(*) - count({{ sqlpriv.quote(weight) }}) as null_weights,
{% set w = "cast(" ~ sqlpriv.quote(weight) ~ " as double)" %}
    sum(case when not {{ sqlpriv.finite(w) }} or {{ w }} < 1 then 1 else 0 end) as bad_weights,
    sum({{ w }}) as weight_sum,
{% else %}
    0 as null_weights, 0 as bad_weights, cast(null as double) as weight_sum,
{% endif %}
{% if household %}
    count(*) - count({{ sqlpriv.quote(household) }})
        + sum(case when not {{ sqlpriv.finite("try_cast(" ~ sqlpriv.quote(household) ~ " as double)") }} then 1 else 0 end)
        as null_households,
{% else %}
    0 as null_households,
{% endif %}
{% if entity %}
    count(*) - count({{ sqlpriv.quote(entity) }}) as null_entities
{% else %}
    0 as null_entities
{% endif %}
from {{ source }}
{%- endmacro %}
