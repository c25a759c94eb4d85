{#- The shared cells (n > 1) of the subsets without a base (shapley/expand_bases.sql: the empty
    set and extra subsets no sampled order visits), counted straight from the patterns like
    engine/cells_direct.sql. Same columns as the cells table. -#}
{% macro shapley_expand_direct(t, words) -%}
select
    l.sid,
{% for word in words %}
    p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    sum(p.w)::bigint as n
from {{ sqlpriv.quote(t.patterns) }} as p
cross join (select * from {{ sqlpriv.quote(t.bases) }} where base is null) as l
group by all
having sum(p.w) > 1
{%- endmacro %}
