{#- What microaggregation checks first (docs/measures.md, microaggregation), one row: the rows of
    `source`, the rows with a NULL in any of the numeric `columns` (names), the rows of its
    smallest stratum (`strata`: column names, a NULL one more value; all rows without), then each
    column's NULL cells in the order of `columns`. -#}
{% macro microaggregation_facts(source, columns, strata=[]) -%}
select
    (select count(*) from {{ source }}) as n,
    (select coalesce(sum(case when {% for c in columns %}{{ sqlpriv.quote(c) }} is null{{ " or " if not loop.last }}{% endfor %} then 1 else 0 end), 0) from {{ source }}) as nulls,
{% if strata %}
    (select min(c) from (select count(*) as c from {{ source }} group by {% for s in strata %}{{ sqlpriv.quote(s) }}{{ ", " if not loop.last }}{% endfor %}) as t) as smallest,
{% else %}
    (select count(*) from {{ source }}) as smallest,
{% endif %}
{% for c in columns %}
    (select count(*) - count({{ sqlpriv.quote(c) }}) from {{ source }}) as {{ sqlpriv.quote("null" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
{%- endmacro %}
