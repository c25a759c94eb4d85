{#- The sets of one chunk as a driver table over DuckDB's threads (issue 29 item 3): each set
    followed by `pad` - 1 copies with a NULL sid, in set order. DuckDB scans a table in parallel by
    row groups of 122,880 rows and the sets table of a few thousand rows is one, so a chunk's cross
    product with the coded rows ran on one thread; read through chunk.sql (`sid is not null`) this
    table yields exactly the chunk's sets, spread over several row groups, each thread a share of
    whole sets (its own grouping keys). -#}
{% macro singling_out_chunk_sets(t, hi, lo, size, words, pad) -%}
select case when b.i = 0 then s.sid end as sid, s.size, s.base{% for w in words %}, s.m{{ loop.index0 }}, s.b{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(t.sets) }} as s, {{ sqlpriv.integers("i", sqlpriv.literal(pad)) }} as b
where s.size = {{ size }} and s.ord between {{ lo }} and {{ hi }}
order by s.ord, b.i
{%- endmacro %}
