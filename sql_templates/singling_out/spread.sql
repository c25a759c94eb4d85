{#- A driver table that spreads one cross product over DuckDB's threads (issue 29 item 3): each
    record left repeated `blocks` times (blk 0..blocks-1), ordered by record. A statement of
    masks.sql then joins it to the coded rows (agree) or to the level's sets (pairs) on `position % blocks =
    blk`: exactly the cross product, row for row, but driven by a table of several row groups (DuckDB scans a table in parallel by row groups of 122,880
    rows, and the coded tables of a few thousand rows are one), each row group holding whole
    keys, so that every thread's grouping holds its own keys. Same rows, same result. -#}
{% macro singling_out_spread(t, blocks) -%}
select k.pos as key, b.blk
from {{ sqlpriv.quote(t.rest) }} as k, {{ sqlpriv.integers("blk", sqlpriv.literal(blocks)) }} as b
order by k.pos, b.blk
{%- endmacro %}
