{#- The attacked records of a positioned table: every row, or the rows whose positions are listed
    in `sample` (a table of `__sqlpriv_pos`, drawn by the Python plan with a seed). -#}
{% macro attacks_targets(table, sample=none) -%}
select * from {{ sqlpriv.quote(table) }}
{% if sample is not none %}where __sqlpriv_pos in (select __sqlpriv_pos from {{ sqlpriv.quote(sample) }}){% endif %}
{%- endmacro %}
