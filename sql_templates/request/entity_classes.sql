{#- With `entity` (issue 46): the classes of the joint fields counted in entities, one row: the
    smallest class's distinct entities (smallest_entities), the classes, and the rows whose
    entity is NULL (null_entities). The rows the assessment keeps: with `dropna`, none with a
    NULL in a requested field (`fields`: every requested field; `columns`: the joint ones, those
    without a weight; no column: one class of everyone). NULL is a value of a field, as in every
    request figure (GROUP BY groups NULLs). -#}
{% macro request_entity_classes(source, columns, fields, entity, dropna=false) -%}
select
    min(entities) as smallest_entities,
    count(*) as classes,
    coalesce(sum(null_entities), 0) as null_entities
from (
    select
        count(distinct {{ sqlpriv.quote(entity) }}) as entities,
        count(*) - count({{ sqlpriv.quote(entity) }}) as null_entities
    from {{ source }}
{% if dropna %}
    where {% for c in fields %}({{ c.expr }}) is not null{{ " and " if not loop.last }}{% endfor %}

{% endif %}
{% if columns %}
    group by {% for c in columns %}{{ c.expr }}{{ ", " if not loop.last }}{% endfor %}

{% endif %}
) as c
{%- endmacro %}
