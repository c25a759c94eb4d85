{#- A quick test that each column's coded hierarchy (generalize/coded.sql) is sound, one row per
    column j (in order) with its largest label code (base: its finest level has the most labels,
    what the search packs node keys with; formerly generalize/bases.sql) and a count of its
    flaws, 0 when sound: values listed more than once
    (rows beyond the distinct keys: g0 is their dense rank) plus, for each middle level, label
    pairs beyond the level's labels (a label at level i with two parents at level i + 1). It
    flags every problem generalize/check.sql names (and, as codes count a NULL label, possibly a
    label whose only other parent is NULL, which check.sql accepts); the caller runs
    generalize/checks.sql for the names only when some count is not 0. coded: the tables, levels:
    each one's level count. -#}
{% macro generalize_sound(coded, levels) -%}
select * from (
{% for c in coded %}
{% set j = loop.index0 %}
  select {{ sqlpriv.literal(j) }} as j, max(g0) as base, count(*) - max(g0){% for level in range(1, levels[j] - 1) %} + count(distinct ({{ sqlpriv.quote("g" ~ level) }}, {{ sqlpriv.quote("g" ~ (level + 1)) }})) - max({{ sqlpriv.quote("g" ~ level) }}){% endfor %} as flaws
  from {{ sqlpriv.quote(c) }}
  {{ "union all" if not loop.last }}
{% endfor %}
) as f order by j
{%- endmacro %}
