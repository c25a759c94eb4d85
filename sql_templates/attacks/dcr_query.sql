{#- The distance-based measures of sqlpriv.dcr as one statement (dbt's sqlpriv.dcr_risk and
    sqlpriv_max_dcr_closer_share): every synthetic row against every original record (and every
    `control` record, the holdout) by one cross join, SDMetrics' DCR distance as sqlpriv.dcr
    (attacks/distance.sql's "sdmetrics" metric): per column, both NULL 0, one NULL 1, a numeric
    column (`numeric` flags) min(|a - b| / range, 1) with the range of the reference table (the
    original; the control for the holdout), a column constant there compared as a category (0
    where equal, else 1), a categorical one 0 where equal (NULL equal to NULL), else 1; the mean
    over the columns. One row: n_synthetic, dcr_median, dcr_min, nndr_median (closest over second
    closest, 0 where both are 0), exact_copy_share and, with `control`, dcr_closer_to_training
    (the share of rows strictly closer to the original than to the holdout) and
    dcr_overfitting_protection (SDMetrics: min(2 (1 - that share), 1)); NULL without. The random
    baseline and identifiability are the Python package's. -#}
{% macro attacks_dcr_query(original, synthetic, columns, numeric, control=none) -%}
{% set n = columns | length %}
{{ sqlpriv.attacks_query_inputs(original, synthetic, control) }}
{{ sqlpriv.attacks_dcr_query_nn("__sqlpriv_nn", "__sqlpriv_o", columns, numeric) }}
{% if control is not none %}
{{ sqlpriv.attacks_dcr_query_nn("__sqlpriv_ho", "__sqlpriv_c", columns, numeric) }}
{% endif %}
{{ sqlpriv.quote("__sqlpriv_rows") }} as (
  select nn.pos, nn.d1 / {{ sqlpriv.literal(n) }} as dcr, nn.d2 / {{ sqlpriv.literal(n) }} as dcr_second, nn.copy,
    {% if control is not none %}case when nn.d1 / {{ sqlpriv.literal(n) }} < h.d1 / {{ sqlpriv.literal(n) }} then cast(1 as double) else cast(0 as double) end{% else %}cast(null as double){% endif %} as closer
  from {{ sqlpriv.quote("__sqlpriv_nn") }} as nn{% if control is not none %} join {{ sqlpriv.quote("__sqlpriv_ho") }} as h on h.pos = nn.pos{% endif %}

)
select n_synthetic, dcr_median, dcr_min, nndr_median, exact_copy_share, dcr_closer_to_training,
  least(2.0 * (1.0 - dcr_closer_to_training), 1.0) as dcr_overfitting_protection
from (
  select count(*) as n_synthetic, {{ sqlpriv.quantile_cont("dcr", 0.5) }} as dcr_median, min(dcr) as dcr_min,
    {{ sqlpriv.quantile_cont("case when dcr_second = 0 then 0.0 else dcr / dcr_second end", 0.5) }} as nndr_median,
    avg(case when copy = 1 then cast(1 as double) else cast(0 as double) end) as exact_copy_share,
    avg(closer) as dcr_closer_to_training
  from {{ sqlpriv.quote("__sqlpriv_rows") }}
) as f
{%- endmacro %}
