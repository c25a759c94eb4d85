{#- Every column's labels with their domain share, one row per (column j, level, label g, share s):
    what the search joins a suppressed class's labels to. coded: the coded tables, one per column. -#}
{% macro generalize_shares(coded, heights) -%}
{% for j in range(heights | length) %}
{% for level in range(heights[j]) %}
select {{ j }} as j, {{ level }} as level, {{ sqlpriv.quote("g" ~ level) }} as g, any_value({{ sqlpriv.quote("s" ~ level) }}) as s
from {{ sqlpriv.quote(coded[j]) }} group by 3
{{ "union all" if not (loop.last and j == (heights | length) - 1) }}
{% endfor %}
{% endfor %}
{%- endmacro %}
