{#- The shared cells (n > 1) among one level's candidate pairs (shapley/expand_candidates.sql):
    every member of such a cell is a candidate, so its count is the cohort size. Same columns as
    the cells table. -#}
{% macro shapley_expand_cells(words, candidates) -%}
select
    sid,
{% for word in words %}
    q{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    sum(w)::bigint as n
from {{ sqlpriv.quote(candidates) }}
group by sid{% for word in words %}, q{{ loop.index0 }}{% endfor %}

having sum(w) > 1
{%- endmacro %}
