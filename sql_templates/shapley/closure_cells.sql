{#- The shared cells of every lattice subset from those of its closure (`body`: one chunk's
    cells counted once per closure over shapley/closed_lattice.sql, never stored): a subset's
    cohorts are its closure's, and a cell's key at the subset is the closure cell's key masked to the subset's columns (distinct, since the
    columns the closure adds are functions of the subset's). The same rows as counting every
    subset (engine/cells_direct.sql). -#}
{% macro shapley_closure_cells(closure_map, body, words, extras) -%}
select
    m.sid,
{% for word in words %}
    c.k{{ loop.index0 }} & m.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    c.{{ e }},
{% endfor %}
    c.n
from (
{{ body }}
) as c
join {{ sqlpriv.quote(closure_map) }} as m on m.closure = c.sid
{%- endmacro %}
