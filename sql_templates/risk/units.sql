{#- With `entity` (docs/measures.md §9): the units the classes count, one row, one column: the
    distinct (entity, class) pairs of `source` on `columns` (the entities, when no entity's
    quasi-identifiers change between its rows). It is n for every figure and model. -#}
{% macro risk_units(columns, source, entity) -%}
select count(*) as n
from (
    select distinct
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote("q" ~ loop.index0) }},
{% endfor %}
        {{ sqlpriv.quote(entity) }} as __sqlpriv_entity
    from {{ source }}
) as u
{%- endmacro %}
