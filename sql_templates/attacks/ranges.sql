{#- One row: each numeric column's range over the targets and the synthetic rows together
    (anonymeter's scale), or over the one table `only` (SDMetrics' scale: the reference's range),
    1 where the range is 0 (a constant column is not scaled); 1 for the categorical columns. -#}
{% macro attacks_ranges(targets, synthetic, columns, numeric, only=none) -%}
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
{%- endmacro %}
