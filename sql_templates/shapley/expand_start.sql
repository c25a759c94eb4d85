{#- The shared pairs at the empty set, where the expansion of shapley/expand_candidates.sql
    starts: every pattern (key words and multiplicity w) with sid 0. -#}
{% macro shapley_expand_start(t, words) -%}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
    w,
    0::bigint as sid
from {{ sqlpriv.quote(t.patterns) }}
{%- endmacro %}
