{#- Before and after of generalize(..., suppression="cells") (docs/measures.md §7): the
    quasi-identifiers' classes in the source (keys as text, exact classes) and in the release, whose
    classes are wildcard classes (a NULL matches any value, sdcMicro's fk: suppress/sizes.sql over
    `state`, local suppression's final state of the node's generalized table). One row per figure:
    rows, cells_changed (cells generalized, a column at a level above 0, or blanked), cells_blanked,
    classes (distinct patterns), smallest_class (k), unique_share (rows whose class is 1 / rows),
    average_risk (mean of 1 / class size), highest_risk (1 / smallest class). `levels`: the node. -#}
{% macro generalize_cells_compare(source, qis, state, levels, n) -%}
with b as (
  select count(*) as c from {{ source }}
  group by {% for q in qis %}{{ sqlpriv.generalize_key(q) }}{{ ", " if not loop.last }}{% endfor %}
), w as (
{{ sqlpriv.suppress_sizes(sqlpriv.quote(state), range(qis | length) | list, 0) | indent(2, true) }}
), x as (
  select
    cast(sum(bit_count(mask) * m) as double) as blanked,
    cast(0{% for lvl in levels %}{% if lvl > 0 %} + sum(case when {{ sqlpriv.has_bit("mask", loop.index0) }} then 0 else m end){% endif %}{% endfor %} as double) as generalized
  from {{ sqlpriv.quote(state) }}
), f as (
  select 'before' as side, 0.0 as changed, 0.0 as blanked, cast(count(*) as double) as classes, cast(min(c) as double) as smallest,
    cast(coalesce(sum(c) filter (where c = 1), 0) as double) as singles, cast(count(*) as double) as risk_sum from b
  union all
  select 'after', (select blanked + generalized from x), (select blanked from x), cast(count(*) as double), cast(min(f) as double),
    cast(coalesce(sum(m) filter (where f = 1), 0) as double), sum(m / f) from w
)
select figure, before, after from (
select figure, o, max(value) filter (where side = 'before') as before, max(value) filter (where side = 'after') as after
from (
  select side, 'rows' as figure, 1 as o, cast({{ sqlpriv.literal(n) }} as double) as value from f
  union all select side, 'cells_changed', 2, changed from f
  union all select side, 'cells_blanked', 3, blanked from f
  union all select side, 'classes', 4, classes from f
  union all select side, 'smallest_class (k)', 5, smallest from f
  union all select side, 'unique_share', 6, singles / {{ sqlpriv.literal(n) }} from f
  union all select side, 'average_risk', 7, risk_sum / {{ sqlpriv.literal(n) }} from f
  union all select side, 'highest_risk', 8, 1.0 / nullif(smallest, 0) from f
) t
group by figure, o
) c order by o
{%- endmacro %}
