{#- generalize/check.sql for several columns in one statement (one query, not one per column):
    j (the column's position in checks), problem, level, label; ordered as each column's check
    lists them (uncovered values, then labels with two parents by level, each by label). checks:
    one entry per column with column (its key column in source), mapping (table) and levels. -#}
{% macro generalize_checks(source, checks) -%}
select * from (
{% for c in checks %}
  select {{ loop.index0 }} as j, * from (
{{ sqlpriv.generalize_check(source, c.column, c.mapping, c.levels) }}
  ) as {{ sqlpriv.quote("c" ~ loop.index0) }}
  {{ "union all" if not loop.last }}
{% endfor %}
) as p
order by j, problem <> 'uncovered', level, label
{%- endmacro %}
