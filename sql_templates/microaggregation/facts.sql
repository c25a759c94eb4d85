{#- What microaggregation checks first (docs/measures.md, microaggregation), one row: the rows of
    `source` and the rows with a NULL in any of the numeric `columns` (names). -#}
{% macro microaggregation_facts(source, columns) -%}
select count(*) as n, coalesce(sum(case when {% for c in columns %}{{ sqlpriv.quote(c) }} is null{{ " or " if not loop.last }}{% endfor %} then 1 else 0 end), 0) as nulls
from {{ source }}
{%- endmacro %}
