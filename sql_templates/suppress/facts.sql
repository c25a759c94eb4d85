{#- What local suppression checks before its rounds (docs/measures.md, local suppression), one
    row: the rows of `source`, the rows of its smallest stratum (`strata`: column names; all rows
    without), then each key's distinct values (`keys`: column specs; sdcMicro's default importance). -#}
{% macro suppress_facts(keys, strata, source) -%}
select
    (select count(*) from {{ source }}) as n,
{% if strata %}
    (select min(c) from (select count(*) as c from {{ source }} group by {% for s in strata %}{{ sqlpriv.quote(s) }}{{ ", " if not loop.last }}{% endfor %}) as t) as smallest,
{% else %}
    (select count(*) from {{ source }}) as smallest,
{% endif %}
{% for c in keys %}
    (select count(distinct {{ c.expr }}) from {{ source }}) as {{ sqlpriv.quote("c" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
{%- endmacro %}
