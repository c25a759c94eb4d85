{#- Candidate (pattern, subset) pairs of the subsets with `size` columns: each pattern shared at a
    subset's base (table `shared`, one row per pattern and base subset) paired with the subset,
    with its key masked to the subset (q0..). Only these pairs can be shared: a pattern alone at
    the base is alone at every subset holding it. `matched`: `shared` is a table of
    shapley/expand_matched.sql (several rows per pair, the first with l > 0), not of
    shapley/expand_shared.sql (one row per pair, with the multiplicity w). -#}
{% macro shapley_expand_candidates(t, words, shared, size, matched=false) -%}
select
{% for word in words %}
    i.k{{ loop.index0 }},
{% endfor %}
{% if not matched %}
    i.w,
{% endif %}
{% for word in words %}
    i.k{{ loop.index0 }} & x.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
    x.sid
from {{ sqlpriv.quote(shared) }} as i
join (select * from {{ sqlpriv.quote(t.bases) }} where size = {{ size }} and base is not null) as x
    on x.base = i.sid
{% if matched %}
where i.l > 0
{% endif %}
{%- endmacro %}
