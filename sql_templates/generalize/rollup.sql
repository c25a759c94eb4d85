{#- The distinct patterns rolled up to a batch's meet (the node below all of its nodes): one row
    per label combination at the meet's levels, with the labels and shares of every higher level
    (functions of those labels) and the summed count. Every node of the batch groups this smaller
    table instead of all patterns. meet: the level per column; heights: levels per column. -#}
{% macro generalize_rollup(patterns, meet, heights) -%}
select sum(cnt) as cnt
{% for j in range(heights | length) %}
{% for level in range(meet[j], heights[j]) %}
  , {{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}, any_value({{ sqlpriv.quote("s_" ~ j ~ "_" ~ level) }}) as {{ sqlpriv.quote("s_" ~ j ~ "_" ~ level) }}
{% endfor %}
{% endfor %}
from {{ sqlpriv.quote(patterns) }}
group by {% for j in range(heights | length) %}{% for level in range(meet[j], heights[j]) %}{{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}{{ ", " if not (loop.last and j == (heights | length) - 1) }}{% endfor %}{% endfor %}
{%- endmacro %}
