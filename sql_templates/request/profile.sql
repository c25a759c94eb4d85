{#- The privacy profile: one row per column with Cave's privacy factor (docs/measures.md §3), over the
    class sizes kept in the plan's temp table t.sizes. -#}
{% macro request_profile(t, columns) -%}
with {{ sqlpriv.request_stats_cte(t) }},
{{ sqlpriv.request_profile_body(columns) }}
{%- endmacro %}
