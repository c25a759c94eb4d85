{#- A driver table that spreads one cross product over DuckDB's threads (issue 29 item 3): each
    key (part "rest": the records left; part "sets": the sets of one chunk of one size) repeated
    `blocks` times (blk 0..blocks-1), ordered by key. A statement then joins it to the coded rows
    (masks.sql agree, exhaustive_unique.sql, hits.sql) or to the level's sets (pairs) on `position % blocks =
    blk`: exactly the cross product, row for row, but driven by a table of several row groups (DuckDB scans a table in parallel by row groups of 122,880
    rows, and the coded tables of a few thousand rows are one), each row group holding whole
    keys, so that every thread's grouping holds its own keys. Same rows, same result. -#}
{% macro singling_out_spread(t, blocks, part="rest", size=0, lo=0, hi=0) -%}
select k.key, b.blk
from (
{% if part == "rest" %}
    select pos as key from {{ sqlpriv.quote(t.rest) }}
{% else %}
    select sid as key from {{ sqlpriv.quote(t.sets) }} where size = {{ size }} and ord between {{ lo }} and {{ hi }}
{% endif %}
) as k, {{ sqlpriv.integers("blk", sqlpriv.literal(blocks)) }} as b
order by k.key, b.blk
{%- endmacro %}
