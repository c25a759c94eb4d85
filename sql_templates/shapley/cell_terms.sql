{#- The shared cells (n > 1) of a sampled lattice with what the per-pattern sums of
    shapley/phi_sampled_chunk.sql read from them: l = log2 n, and per column j
    x_j = r_j(s) * log2 N(s - j), the cell's share of the cross term of the standard error
    (r_j(s): sampled orders ending j at s; lattice_sampled.sql). A shared cell's subcell
    s - j (the cell one column coarser that holds it) is shared too, so it is in the cells table.
    Cell-level work only (no pattern is read): one row per (cell, column ending an order at its
    subset), then one row per cell. -#}
{% macro shapley_cell_terms(t, columns, words) -%}
create or replace temp table {{ sqlpriv.quote(t.terms) }} as
with ends as (
{% for c in columns %}
{% set j = loop.index0 %}
    select sid, {{ j }} as j, {{ 2 ** j }} as bit, r{{ j }} as r from {{ sqlpriv.quote(t.lattice) }} where r{{ j }} > 0
    union all
{% endfor %}
    select sid, -1 as j, 0 as bit, 0.0 as r from {{ sqlpriv.quote(t.lattice) }}
),
needs as (
    select
        c.sid,
{% for word in words %}
        c.k{{ loop.index0 }},
{% endfor %}
        c.n,
        e.j,
        e.r,
        case when e.j < 0 then -1 else c.sid - e.bit end as base,
{% for word in words %}
        c.k{{ loop.index0 }} - (c.k{{ loop.index0 }} & case e.j{% for f in word %} when {{ f.j }} then {{ f.mask }}{% endfor %} else 0 end) as b{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.cells) }} as c
    join ends as e on e.sid = c.sid
    where c.n > 1
)
select
    x.sid,
{% for word in words %}
    x.k{{ loop.index0 }},
{% endfor %}
    x.n,
    log2(x.n) as l,
{% for c in columns %}
    coalesce(sum(x.r * log2(b.n)) filter (where x.j = {{ loop.index0 }}), 0) as x{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from needs as x
left join {{ sqlpriv.quote(t.cells) }} as b
    on b.sid = x.base{% for word in words %} and b.k{{ loop.index0 }} = x.b{{ loop.index0 }}{% endfor %}

group by x.sid, {% for word in words %}x.k{{ loop.index0 }}, {% endfor %}x.n
{%- endmacro %}
