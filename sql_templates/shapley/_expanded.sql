{#- The select shared by _cohorts.sql and phi_chunk.sql: every pattern crossed with every
    lattice subset of the table or CTE named `lattice`, with the pattern's key words,
    its key masked to the subset (q0, q1, ...), the subset's coefficients c0, c1, ... when
    `columns` is given, and the subset id. `patterns`: the parts of the patterns table to read
    instead of the table itself (engine/parts_union.sql), or none. -#}
{% macro shapley_expanded_select(t, words, lattice, columns=[], patterns=none) -%}
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
{% for word in words %}
    p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    l.c{{ loop.index0 }},
{% endfor %}
    l.sid
from {{ sqlpriv.engine_parts_union(patterns) if patterns else sqlpriv.quote(t.patterns) }} as p
cross join {{ sqlpriv.quote(lattice) }} as l
{%- endmacro %}
