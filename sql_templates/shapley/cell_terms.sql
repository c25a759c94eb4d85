{#- The shared cells (n > 1) of a sampled lattice with what the per-pattern sums of
    shapley/phi_sampled_chunk.sql read from them: one row per (cell, column j ending a sampled
    order at the cell's subset s) with xj = j and lx = r_j(s) log2 N(s) log2 N(s - j), the cell's
    share of the cross term of the standard error (r_j(s): sampled orders ending j at s;
    lattice_sampled.sql), or one row with xj = -1 and lx = 0 where no order ends at s. The first
    row of a cell (smallest j) carries l = log2 N(s), the others l = 0, so sums of l count each
    cell once. A shared cell's subcell s - j (the cell one column coarser that holds it) is
    shared too, so it is in the cells table. Cell-level work only: no pattern is read, and no
    grouping (which columns end orders at which subset is read from the small lattice). -#}
{% macro shapley_cell_terms(t, columns, words) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.terms)) }}
with ends as (
{% for c in columns %}
{% set j = loop.index0 %}
    select sid, {{ j }} as j, {{ 2 ** j }} as bit, r{{ j }} as r from {{ sqlpriv.quote(t.lattice) }} where r{{ j }} > 0
    union all
{% endfor %}
    select sid, -1 as j, 0 as bit, 0.0 as r from {{ sqlpriv.quote(t.lattice) }}
    where {% for c in columns %}r{{ loop.index0 }} = 0{{ " and " if not loop.last }}{% endfor %}

),
firsts as (
    select sid, min(j) as j from ends group by sid
),
needs as (
    select
        c.sid,
{% for word in words %}
        c.k{{ loop.index0 }},
{% endfor %}
        case when e.j = f.j then log2(c.n) else 0.0 end as l,
        log2(c.n) as own,
        e.j,
        e.r,
        case when e.j < 0 then -1 else c.sid - e.bit end as base,
{% for word in words %}
        c.k{{ loop.index0 }} - (c.k{{ loop.index0 }} & case e.j{% for f in word %} when {{ f.j }} then {{ f.mask }}{% endfor %} else 0 end) as b{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.cells) }} as c
    join ends as e on e.sid = c.sid
    join firsts as f on f.sid = c.sid
    where c.n > 1
)
select
    x.sid,
{% for word in words %}
    x.k{{ loop.index0 }},
{% endfor %}
    x.l,
    x.j as xj,
    coalesce(x.r * x.own * log2(b.n), 0.0) as lx
from needs as x
left join {{ sqlpriv.quote(t.cells) }} as b
    on b.sid = x.base{% for word in words %} and b.k{{ loop.index0 }} = x.b{{ loop.index0 }}{% endfor %}
{%- endmacro %}
