{#- Before and after: the quasi-identifiers' classes in the source (keys as text) and in the
    released table (body: the release query with its __sqlpriv_suppressed flag; suppressed records left
    out of the classes). One row per figure: rows, suppressed_rows, classes, smallest_class (k),
    unique_share (rows alone in their class / rows), average_risk (classes / kept rows: the mean
    re-identification risk 1/class size), highest_risk (1 / smallest class). extra: further rows
    measured by the other families (dicts with figure, before, after, before_decision and
    after_decision), rendered as literals after the seven; before_decision / after_decision are
    text (the gate's decision), NULL on every other row. entity (issue 46): class sizes count
    distinct entities, so classes, smallest_class (k), unique_share (entities alone in their class
    / entities), average_risk (classes / kept entities) and highest_risk are in entities; the rows
    entities and suppressed_entities follow suppressed_rows, and the row counted_in names the unit
    ('distinct <entity>') in before_decision / after_decision. -#}
{% macro generalize_compare(source, body, qis, extra=[], entity=none) -%}
with b as (
  select {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as c from {{ source }}
  group by {% for q in qis %}{{ sqlpriv.generalize_key(q) }}{{ ", " if not loop.last }}{% endfor %}
), r as (select * from (
{{ body }}
) x), a as (
  select {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as c from r where not __sqlpriv_suppressed
  group by {% for q in qis %}{{ sqlpriv.quote(q) }}{{ ", " if not loop.last }}{% endfor %}
), f as (
  select 'before' as side, (select count(*) from {{ source }}) as rows, 0 as suppressed, count(*) as classes,
    min(c) as smallest, coalesce(sum(c) filter (where c = 1), 0) as singles, sum(c) as kept{% if entity %},
    (select count(distinct {{ sqlpriv.quote(entity) }}) from {{ source }}) as units, 0 as suppressed_units{% endif %} from b
  union all
  select 'after', (select count(*) from r), (select count(*) from r where __sqlpriv_suppressed), count(*), min(c),
    coalesce(sum(c) filter (where c = 1), 0), sum(c){% if entity %}, (select count(distinct {{ sqlpriv.quote(entity) }}) from r),
    (select count(distinct {{ sqlpriv.quote(entity) }}) from r where __sqlpriv_suppressed){% endif %} from a
)
select figure, before, after, before_decision, after_decision from (
select figure, o, max(value) filter (where side = 'before') as before, max(value) filter (where side = 'after') as after,
  cast(null as {{ sqlpriv.text_type() }}) as before_decision, cast(null as {{ sqlpriv.text_type() }}) as after_decision
from (
  select side, 'rows' as figure, 1 as o, cast(rows as double) as value from f
  union all select side, 'suppressed_rows', 2, cast(suppressed as double) from f
  union all select side, 'classes', 3, cast(classes as double) from f
  union all select side, 'smallest_class (k)', 4, cast(smallest as double) from f
{% if entity %}
  union all select side, 'entities', 2.1, cast(units as double) from f
  union all select side, 'suppressed_entities', 2.2, cast(suppressed_units as double) from f
{% endif %}
  union all select side, 'unique_share', 5, cast(singles as double) / {% if entity %}units{% else %}rows{% endif %} from f
  union all select side, 'average_risk', 6, cast(classes as double) / nullif(kept, 0) from f
  union all select side, 'highest_risk', 7, 1.0 / nullif(smallest, 0) from f
) t
group by figure, o
{% if entity %}
union all select 'counted_in', 2.3, null, null, {{ sqlpriv.literal("distinct " ~ entity) }}, {{ sqlpriv.literal("distinct " ~ entity) }}
{% endif %}
{% if extra %}
-- the rows below: uniqueness Shapley values, PIF_95 and the gate's score and decision, measured by
-- sqlpriv's own families on the source and on the released records not suppressed (docs/measures.md §7)
{% endif %}
{% for e in extra %}
union all select {{ sqlpriv.literal(e.figure) }}, {{ sqlpriv.literal(8 + loop.index0) }}, cast({{ sqlpriv.literal(e.before) }} as double),
  cast({{ sqlpriv.literal(e.after) }} as double), cast({{ sqlpriv.literal(e.before_decision) }} as {{ sqlpriv.text_type() }}),
  cast({{ sqlpriv.literal(e.after_decision) }} as {{ sqlpriv.text_type() }})
{% endfor %}
) c order by o
{%- endmacro %}
