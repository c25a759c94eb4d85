{#- Probe: the targets and the successful ones of an attack's per-target table. -#}
{% macro attacks_successes(table, flag) -%}
select count(*) as n, coalesce(sum(case when {{ sqlpriv.quote(flag) }} then 1 else 0 end), 0) as s from {{ sqlpriv.quote(table) }}
{%- endmacro %}
