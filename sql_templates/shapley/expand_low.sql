{#- The shared cells (n > 1) of one chunk (positions lo..hi) of the subsets of at most `top`
    columns or without a base (shapley/expand_low_subsets.sql), counted straight from the patterns
    like engine/cells_direct.sql, skipping the pairs of a pattern alone on one of the subset's
    columns (u: shapley/unique_columns.sql). `patterns`: a table name, or the names of its parts
    (engine/parts_union.sql). Same columns as the cells table. -#}
{% macro shapley_expand_low(t, words, patterns, top, lo, hi) -%}
select
    l.sid,
{% for word in words %}
    p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    sum(p.w)::bigint as n
from {{ sqlpriv.engine_parts_union(patterns) }} as p
cross join {{ sqlpriv.shapley_expand_low_subsets(t, top, lo, hi) }} as l
where p.u & l.sid = 0
group by all
having sum(p.w) > 1
{%- endmacro %}
