{#- One row per requested field: its factor before and after its expression, the weight, the
    factor, and Cave's other figures for the field as requested; scored_with lists the fields
    scored jointly with it (those reading a common source column) and group_factor is the
    exact factor of that tuple, the one the score uses. -#}
{% macro request_fields(t, fields, groups=none) -%}
with {{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_fields_cte(fields, groups) }}
{{ sqlpriv.request_fields_select() }}
{%- endmacro %}
