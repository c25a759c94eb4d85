{#- Sampled per-pattern sums over one chunk of the lattice (subsets with sid lo..hi):
    per column j, phi_j = sum_s c_j(s) log2 N(s) (the mean marginal over the sampled orders)
    and s2_j = sum_s log2 N(s) (e_j(s) log2 N(s) - 2 x_j) (the sum over the orders of the
    squared marginals; lattice_sampled.sql, cell_terms.sql). Only (pattern, subset) pairs whose
    cell is shared contribute (log2 1 = 0), so the join to the shared cells drops the rest. The
    chunks' sums are added up by shapley/phi_sampled_sum.sql: no (pattern x order) table, and
    each chunk's hash table holds that chunk's cells only.
    `patterns`: a table name or the parts of one (engine/parts_union.sql). -#}
{% macro shapley_phi_sampled_chunk(t, columns, words, lo, hi, patterns) -%}
with chunk as (
    select * from {{ sqlpriv.quote(t.lattice) }} where sid between {{ lo }} and {{ hi }}
),
expanded as (
    select
{% for word in words %}
        p.k{{ loop.index0 }},
{% endfor %}
{% for word in words %}
        p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
        l.c{{ loop.index0 }},
        l.e{{ loop.index0 }},
{% endfor %}
        l.sid
    from {{ sqlpriv.engine_parts_union(patterns) }} as p
    cross join chunk as l
)
select
{% for word in words %}
    e.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    sum(e.c{{ loop.index0 }} * c.l) as phi{{ loop.index0 }},
    sum(c.l * (e.e{{ loop.index0 }} * c.l - 2 * c.x{{ loop.index0 }})) as s2{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from expanded as e
join (select * from {{ sqlpriv.quote(t.terms) }} where sid between {{ lo }} and {{ hi }}) as c
    on c.sid = e.sid{% for word in words %} and c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{% endfor %}

group by all
{%- endmacro %}
