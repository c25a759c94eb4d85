{#- One row over the per-synthetic-row table: rows, median and least DCR, median NNDR, the share of
    exact copies and, with a holdout, the share of rows closer to the training table. -#}
{% macro attacks_dcr_summary(rows, holdout=false) -%}
select count(*) as n, {{ sqlpriv.quantile_cont("dcr", 0.5) }} as dcr_median, min(dcr) as dcr_min,
  {{ sqlpriv.quantile_cont("nndr", 0.5) }} as nndr_median,
  avg(case when copy then 1.0 else 0.0 end) as copy_share,
  {% if holdout %}avg(case when closer_to_training then 1.0 else 0.0 end){% else %}cast(null as double){% endif %} as closer_share
from {{ sqlpriv.quote(rows) }}
{%- endmacro %}
