{#- The shared pairs (pattern key words, multiplicity w, sid) at the subsets of `size` columns
    that are the base of a larger subset (shapley/expand_bases.sql), from their cells counted
    straight from the patterns (shapley/expand_low.sql): where the hybrid cells step starts to
    expand (shapley/expand_candidates.sql). Pairs of a pattern alone on one of the subset's
    columns (u) are skipped: they hold no shared cell. -#}
{% macro shapley_expand_seed(t, words, patterns, size) -%}
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
    p.w,
    l.sid
from {{ sqlpriv.engine_parts_union(patterns) }} as p
cross join (
    select * from {{ sqlpriv.quote(t.bases) }}
    where size = {{ size }} and sid in (select base from {{ sqlpriv.quote(t.bases) }} where size = {{ size + 1 }})
) as l
semi join (select * from {{ sqlpriv.quote(t.cells) }} where sid in (select sid from {{ sqlpriv.quote(t.bases) }} where size = {{ size }})) as c
    on c.sid = l.sid{% for word in words %} and c.k{{ loop.index0 }} = p.k{{ loop.index0 }} & l.m{{ loop.index0 }}{% endfor %}

where p.u & l.sid = 0
{%- endmacro %}
