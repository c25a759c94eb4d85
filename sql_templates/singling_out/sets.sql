{#- Every column set of 1..max_cols columns as a bitmask sid over the search order, with its
    size, base (sid without its last column: PETsARD's base combination), the key masks m0..
    of its columns, the key masks b0.. of its base, and its ordinal within its size (for chunking). -#}
{% macro singling_out_sets(t, max_cols, words) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.sets)) }}
with recursive grown(sid, size, last_j{% for w in words %}, m{{ loop.index0 }}{% endfor %}{% for w in words %}, b{{ loop.index0 }}{% endfor %}) as (
    select (1::bigint << j), 1, j{% for w in words %}, case when word = {{ loop.index0 }} then mask else 0::bigint end{% endfor %}{% for w in words %}, 0::bigint{% endfor %} 
    from {{ sqlpriv.quote(t.columns) }}
    union all
    select g.sid | (1::bigint << c.j), g.size + 1, c.j{% for w in words %}, g.m{{ loop.index0 }} | case when c.word = {{ loop.index0 }} then c.mask else 0::bigint end{% endfor %}{% for w in words %}, g.m{{ loop.index0 }}{% endfor %} 
    from grown as g
    join {{ sqlpriv.quote(t.columns) }} as c on c.j > g.last_j
    where g.size < {{ max_cols }}
)
select
    sid,
    size,
    sid & ~(1::bigint << last_j) as base,
{% for w in words %}
    m{{ loop.index0 }},
    b{{ loop.index0 }},
{% endfor %}
    row_number() over (partition by size order by sid) as ord
from grown
{%- endmacro %}
