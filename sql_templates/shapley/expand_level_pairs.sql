{#- Sampled by() on a wide lattice: the shared pairs of the subsets with `size` columns for the
    subgroup levels (table t.levels: k0.., level, w), found like shapley/expand_candidates.sql
    from the previous size's shared pairs (`shared`, a table of this template; at size 0 the
    levels table itself) and kept where they meet a shared cell, with l = log2 of its count.
    Only these pairs add to the cross-entropy sums (log2 1 = 0 elsewhere). -#}
{% macro shapley_expand_level_pairs(t, words, shared, size) -%}
select
{% for word in words %}
    e.k{{ loop.index0 }},
{% endfor %}
    e.level,
    e.w,
    e.sid,
    log2(c.n) as l
from (
{% if size == 0 %}
    select{% for word in words %} k{{ loop.index0 }}, 0::bigint as q{{ loop.index0 }},{% endfor %} level, w, 0::bigint as sid
    from {{ sqlpriv.quote(t.levels) }}
{% else %}
    select
{% for word in words %}
        i.k{{ loop.index0 }},
        i.k{{ loop.index0 }} & x.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
        i.level,
        i.w,
        x.sid
    from {{ sqlpriv.quote(shared) }} as i
    join (select * from {{ sqlpriv.quote(t.bases) }} where size = {{ size }} and base is not null) as x
        on x.base = i.sid
{% endif %}
) as e
join (
    select
        sid,
{% for word in words %}
        k{{ loop.index0 }} + 0 as k{{ loop.index0 }},
{% endfor %}
        n
    from {{ sqlpriv.quote(t.cells) }}
    where sid in (select sid from {{ sqlpriv.quote(t.bases) }} where size = {{ size }})
) as c
    on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

{%- endmacro %}
