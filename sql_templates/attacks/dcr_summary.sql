{#- One row over the per-synthetic-row table: rows, median and least DCR, median NNDR, the share of
    exact copies and, with a holdout, the share of rows closer to the training table (shares are
    averages of doubles: Spark averages the literals 1.0 and 0.0 as decimals, to 5 places). -#}
{% macro attacks_dcr_summary(rows, holdout=false) -%}
select count(*) as n, {{ sqlpriv.quantile_cont("dcr", 0.5) }} as dcr_median, min(dcr) as dcr_min,
  {{ sqlpriv.quantile_cont("nndr", 0.5) }} as nndr_median,
  avg(case when copy then cast(1 as double) else cast(0 as double) end) as copy_share,
  {% if holdout %}avg(case when closer_to_training then cast(1 as double) else cast(0 as double) end){% else %}cast(null as double){% endif %} as closer_share
from {{ sqlpriv.quote(rows) }}
{%- endmacro %}
