{#- The patterns with u, the bitmask of the columns whose value no other row shares (column j
    with N({j}) = 1 for the pattern). A pattern is alone in every subset s with s & u <> 0 (its
    cohort there lies inside its cohort at {j}), so the steps over (pattern, subset) pairs skip
    those pairs: they hold no shared cell and add log2 1 = 0 to every sum. -#}
{% macro shapley_unique_columns(t, words) -%}
select
    p.*,
    (0
{% for word in words %}
{% set w = loop.index0 %}
{% for f in word %}
{% set j = f.j %}
    + case when sum(p.w) over (partition by p.k{{ w }} & {{ f.mask }}) = 1 then {{ 2 ** j }} else 0 end
{% endfor %}
{% endfor %}
    )::bigint as u
from {{ sqlpriv.quote(t.patterns) }} as p
{%- endmacro %}
