{#- The number of rows n: the summed counts of the distinct patterns; with d (the patterns' column
    count, patterns read with outer joins: generalize/patterns.sql), also the rows every column's
    hierarchy covers (no code null). -#}
{% macro generalize_total(patterns, d=none) -%}
select sum(cnt){% if d is not none %}, coalesce(sum(cnt) filter (where {% for j in range(d) %}{{ " and " if not loop.first }}{{ sqlpriv.quote("g_" ~ j ~ "_0") }} is not null{% endfor %}), 0){% endif %} from {{ sqlpriv.quote(patterns) }}
{%- endmacro %}
