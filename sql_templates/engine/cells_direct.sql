{#- The shared cohort cells (n > 1) of one chunk of lattice subsets (positions lo..hi in sid
    order), counted straight from the patterns: every pattern is masked to every subset of the
    chunk and counted. For wide lattices (many columns) this beats the level-by-level rollup in
    time and memory: no level table of all cells (singletons included) is ever stored, and a
    chunk's hash table holds about lo..hi x patterns groups. Same columns as the rollup's cells.
    `patterns`: a table name, or the names of its parts (read in parallel: engine/parts_union.sql).
    `unique_mask`: the patterns carry u, the columns whose value no other row shares
    (shapley/unique_columns.sql); a pattern is alone in every subset holding one of them, so
    those pairs are skipped before counting (the cells kept, n > 1, are the same).
    `anchor` (with `unique_mask`): a column (index); the patterns also carry u2, the columns
    whose values with the anchor's single them out (shapley/unique_pairs.sql), and the pairs of
    subsets holding the anchor and one of those are skipped as well. -#}
{% macro engine_cells_direct(t, extras, patterns, words, lo, hi, unique_mask=false, anchor=none) -%}
select
    l.sid,
{% for word in words %}
    p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    p.{{ e }},
{% endfor %}
    sum(p.w)::bigint as n
from {{ sqlpriv.engine_parts_union(patterns) }} as p
cross join {{ sqlpriv.engine_lattice_chunk(t, lo, hi) }} as l
{% if unique_mask %}
where p.u & l.sid = 0
{% if anchor is not none %}
    and (l.sid & {{ sqlpriv.literal(2 ** anchor) }} = 0 or p.u2 & l.sid = 0)
{% endif %}
{% endif %}
group by all
having sum(p.w) > 1
{%- endmacro %}
