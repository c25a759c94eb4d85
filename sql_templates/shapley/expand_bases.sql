{#- The sampled lattice with each subset's base: a subset one column smaller that a sampled order
    visits right before it (min(before_sid) of its steps), or NULL for the empty set and for the
    extra subsets no sampled order visits (counted straight from the patterns:
    shapley/expand_direct.sql). A pattern shared at a subset is shared at its base (a coarser
    cohort holds it), so the shared pairs of a subset are found among those of its base
    (shapley/expand_candidates.sql). -#}
{% macro shapley_expand_bases(t, words) -%}
select
    l.sid,
    l.size,
    b.base,
{% for word in words %}
    l.m{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.lattice) }} as l
left join (
    select after_sid as sid, min(before_sid) as base
    from {{ sqlpriv.quote(t.steps) }}
    where is_sample
    group by after_sid
) as b using (sid)
{%- endmacro %}
