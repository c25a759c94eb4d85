{#- One row: each numeric column's range over the targets and the synthetic rows together
    (anonymeter's scale), or over the one table `only` (SDMetrics' scale: the reference's range),
    1 where the range is 0 (a constant column is not scaled); 1 for the categorical columns.
    With `group` (targets tagged by __sqlpriv_g: several attacks searched in one pass): one row per
    tag, each over its own targets and the synthetic rows, and `__sqlpriv_sg` numbering the
    distinct scales (tags of equal ranges share one scaled synthetic table). -#}
{% macro attacks_ranges(targets, synthetic, columns, numeric, only=none, group=false) -%}
{% if group %}
select __sqlpriv_g, dense_rank() over (order by {% for c in columns %}{{ sqlpriv.quote("r" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}) as __sqlpriv_sg{% for c in columns %}, {{ sqlpriv.quote("r" ~ loop.index0) }}{% endfor %}
from (
  select __sqlpriv_g, {% for c in columns %}{% if numeric[loop.index0] %}coalesce(nullif(max(cast({{ sqlpriv.quote(c) }} as double)) - min(cast({{ sqlpriv.quote(c) }} as double)), 0), 1){% else %}max(1){% endif %} as {{ sqlpriv.quote("r" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
  from (
    select t.__sqlpriv_g{% for c in columns %}, t.{{ sqlpriv.quote(c) }}{% endfor %} from {{ sqlpriv.quote(targets) }} as t
    union all
    select k.__sqlpriv_g{% for c in columns %}, s.{{ sqlpriv.quote(c) }}{% endfor %} from {{ sqlpriv.quote(synthetic) }} as s
    cross join (select distinct __sqlpriv_g from {{ sqlpriv.quote(targets) }}) as k
  ) as u
  group by __sqlpriv_g
) as r
{%- else %}
select {% for c in columns %}{% if numeric[loop.index0] %}coalesce(nullif(max(cast({{ sqlpriv.quote(c) }} as double)) - min(cast({{ sqlpriv.quote(c) }} as double)), 0), 1){% else %}max(1){% endif %} as {{ sqlpriv.quote("r" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %} 
from (
{%- if only %}
  select {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %} from {{ sqlpriv.quote(only) }}
{%- else %}
  select {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %} from {{ sqlpriv.quote(targets) }}
  union all
  select {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %} from {{ sqlpriv.quote(synthetic) }}
{%- endif %}
)
{%- endif %}
{%- endmacro %}
