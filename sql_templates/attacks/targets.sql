{#- The attacked records of a positioned table: every row, or the rows whose positions are listed
    in `sample` (a table of `__pos`, drawn by the Python plan with a seed). -#}
{% macro attacks_targets(table, sample=none) -%}
select * from {{ sqlpriv.quote(table) }}
{% if sample is not none %}where __pos in (select __pos from {{ sqlpriv.quote(sample) }}){% endif %}
{%- endmacro %}
