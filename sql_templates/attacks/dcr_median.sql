{#- One row: the median distance (the engine's sum over `n_columns` columns: SDMetrics' mean) of the
    targets of a search to their closest reference row. -#}
{% macro attacks_dcr_median(nn, n_columns) -%}
select {{ sqlpriv.quantile_cont("n.d", 0.5) }} / {{ sqlpriv.literal(n_columns) }}
from {{ sqlpriv.quote(nn.scaled) }} as s join {{ sqlpriv.quote(nn.neighbours) }} as n on n.tid = s.tid
where n.rk = 1
{%- endmacro %}
