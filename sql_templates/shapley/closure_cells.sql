{#- The shared cells of every lattice subset from those of its closure (`body`: one chunk's
    cells counted once per closure over shapley/closed_lattice.sql, never stored): a subset's
    cohorts are its closure's, and a cell's key at the subset is the closure cell's key masked to the subset's columns (distinct, since the
    columns the closure adds are functions of the subset's). The same rows as counting every
    subset (engine/cells_direct.sql). `keep`: each row also carries its closure (csid) and the
    cell's key there (ck0..), which the per-pattern step sums its terms by
    (shapley/closure_terms.sql). -#}
{% macro shapley_closure_cells(closure_map, body, words, extras, keep=false) -%}
select
    m.sid,
{% for word in words %}
    c.k{{ loop.index0 }} & m.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    c.{{ e }},
{% endfor %}
{% if keep %}
    m.closure as csid,
{% for word in words %}
    c.k{{ loop.index0 }} as ck{{ loop.index0 }},
{% endfor %}
{% endif %}
    c.n
from (
{{ body }}
) as c
join {{ sqlpriv.quote(closure_map) }} as m on m.closure = c.sid
{%- endmacro %}
