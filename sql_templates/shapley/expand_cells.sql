{#- The shared cells (n > 1) of the subsets with `size` columns, from their candidate pairs
    (shapley/expand_candidates.sql over `shared`, the previous level's shared pairs): every member
    of such a cell is a candidate, so its count is the cohort size. Same columns as the cells
    table. -#}
{% macro shapley_expand_cells(t, words, shared, size) -%}
select
    sid,
{% for word in words %}
    q{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    sum(w)::bigint as n
from ({{ sqlpriv.shapley_expand_candidates(t, words, shared, size) }}) as c
group by sid{% for word in words %}, q{{ loop.index0 }}{% endfor %}

having sum(w) > 1
{%- endmacro %}
