{#- The distinct pattern keys (with w) of a table holding patterns, some repeated. -#}
{% macro shapley_distinct_patterns(table, words) -%}
select distinct
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
    w
from {{ sqlpriv.quote(table) }}
{%- endmacro %}
