{#- What generalize(entity=) checks before its search (issue 46), one row: the rows, the rows
    whose entity is NULL, and the entities whose quasi-identifiers `qis` change between their
    rows (NULL a value, as GROUP BY groups it). A class counted in entities is additive over the
    patterns only when each entity sits in one pattern: the search's k counts distinct entities
    then, at every node. -#}
{% macro generalize_entity_check(source, entity, qis) -%}
select
    (select count(*) from {{ source }}) as "rows",
    (select count(*) - count({{ sqlpriv.quote(entity) }}) from {{ source }}) as null_entities,
    (
        select count(*) from (
            select e from (
                select distinct {{ sqlpriv.quote(entity) }} as e{% for q in qis %}, {{ sqlpriv.quote(q) }}{% endfor %}

                from {{ source }}
            ) as d
            group by e
            having count(*) > 1
        ) as changing
    ) as changing
{%- endmacro %}
