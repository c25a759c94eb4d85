{#- One row per requested field: its factor before and after its expression, the weight, the
    factor used in the score, and Cave's other figures for the field as requested. -#}
{% macro request_fields(t, fields) -%}
with {{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields) }}
select field, expression, source_columns, factor_before, factor_after, weight, factor,
       probability, shannons, harts, "values", categories
from fields
order by i
{%- endmacro %}
