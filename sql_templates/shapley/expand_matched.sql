{#- The cell terms (shapley/cell_terms.sql) of the shared pairs of the subsets with `size` columns:
    the candidates from the previous level's shared pairs (`shared`, a table of this template;
    at size 0 every pattern) joined to the terms of their cells. One row per (pattern, subset,
    terms row): k0.., sid, l, xj, lx, the input of shapley/_sampled_sums.sql. The terms keys are
    read as computed values (shapley/_terms_chunk.sql says why). -#}
{% macro shapley_expand_matched(t, words, shared, size) -%}
select
{% for word in words %}
    e.k{{ loop.index0 }},
{% endfor %}
    e.sid,
    c.l,
    c.xj,
    c.lx
{% if size == 0 %}
from (
    select {% for word in words %}k{{ loop.index0 }}, 0::bigint as q{{ loop.index0 }}, {% endfor %}0::bigint as sid
    from {{ sqlpriv.quote(t.patterns) }}
) as e
{% else %}
from ({{ sqlpriv.shapley_expand_candidates(t, words, shared, size, matched=true) }}) as e
{% endif %}
join (
    select
        sid,
{% for word in words %}
        k{{ loop.index0 }} + 0 as k{{ loop.index0 }},
{% endfor %}
        l,
        xj,
        lx
    from {{ sqlpriv.quote(t.terms) }}
    where sid in (select sid from {{ sqlpriv.quote(t.bases) }} where size = {{ size }})
) as c
    on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

{%- endmacro %}
