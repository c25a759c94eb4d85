{#- What is wrong with one column's hierarchy (at most a few examples each): values of the source
    it does not cover, values listed twice, and labels at one level with two parents at the next
    (the levels must nest). No row: the hierarchy is sound. -#}
{% macro generalize_check(source, column, mapping, levels) -%}
select * from (select 'uncovered' as problem, 0 as level, key as label from (
  select distinct {{ sqlpriv.generalize_key(column) }} as key from {{ source }}) s
  where key not in (select key from {{ sqlpriv.quote(mapping) }}) order by key limit 10) u
union all
select * from (select 'parents' as problem, 0 as level, key as label from {{ sqlpriv.quote(mapping) }}
  group by key having count(*) > 1 order by key limit 10) d
{% for level in range(1, levels - 1) %}
union all
select * from (select 'parents' as problem, {{ level }} as level, {{ sqlpriv.quote("l" ~ level) }} as label
  from {{ sqlpriv.quote(mapping) }} group by {{ sqlpriv.quote("l" ~ level) }}
  having count(distinct {{ sqlpriv.quote("l" ~ (level + 1)) }}) > 1 order by 3 limit 10) n{{ level }}
{% endfor %}
{%- endmacro %}
