{#- What the risk measure checks before it runs (sqlpriv/risk.py): the row count, NULL and
    non-positive or non-finite sampling weights (NaN sorts above infinity in DuckDB and Spark,
    so `>= Infinity` finds both) with the weights' sum, NULL household identifiers and NULL
    entity identifiers. -#}
{% macro risk_check(source, weight=none, household=none, entity=none) -%}
select
    count(*) as n,
{% if weight %}
    count(*) - count({{ sqlpriv.quote(weight) }}) as null_weights,
    sum(case when cast({{ sqlpriv.quote(weight) }} as double) <= 0
        or cast({{ sqlpriv.quote(weight) }} as double) >= cast('Infinity' as double) then 1 else 0 end) as bad_weights,
    sum(cast({{ sqlpriv.quote(weight) }} as double)) as weight_sum,
{% else %}
    0 as null_weights, 0 as bad_weights, cast(null as double) as weight_sum,
{% endif %}
{% if household %}
    count(*) - count({{ sqlpriv.quote(household) }}) as null_households,
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
