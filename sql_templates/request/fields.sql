{#- One row per requested field: its factor before and after its expression, the weight, the
    factor used in the score, and Cave's other figures for the field as requested. -#}
{% from "request/_stats.sql" import stats_cte %}
{% from "request/_fields.sql" import fields_cte %}
with {{ stats_cte(t) }},
{{ fields_cte(fields) }}
select field, expression, source_columns, factor_before, factor_after, weight, factor,
       probability, shannons, harts, "values", categories
from fields
order by i
