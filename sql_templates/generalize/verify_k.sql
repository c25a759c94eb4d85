{#- The release as written, read back before it is renamed into place: its classes, the size of
    its smallest class and its rows, so that a file whose classes are smaller than k (or that
    holds other rows than the search measured) is never released. With suppressed, the records
    with every quasi-identifier '*' (suppressed) are left out of the classes, not of the rows.
    relation: the written file's reader call (engine/read_written.sql). entity (issue 46): a class's
    size counts its distinct entities. -#}
{% macro generalize_verify_k(relation, qis, suppressed=true, entity=none) -%}
select count(n) as classes, min(n) as smallest, coalesce(sum(total), 0) as "rows" from (
  select
    case when not ({% for q in qis %}{{ sqlpriv.quote(q) }} is not distinct from '*'{{ " and " if not loop.last }}{% endfor %}) or not {{ sqlpriv.literal(suppressed) }} then {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} end as n,
    count(*) as total
  from {{ relation }}
  group by {% for q in qis %}{{ sqlpriv.quote(q) }}{{ ", " if not loop.last }}{% endfor %}
)
{%- endmacro %}
