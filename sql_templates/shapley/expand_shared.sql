{#- The shared pairs of the subsets with `size` columns (the bases of the next level): the
    candidates (shapley/expand_candidates.sql over `shared`, the previous level's shared pairs)
    whose cell is among that level's shared cells (shapley/expand_cells.sql, in the cells table, or
    in `level_cells`, a table of that level's cells alone, which reads no other level).
    `mark`: the test as an EXISTS in the select list (a mark join: the level's cells are always
    the hash table) instead of a semi join, which DuckDB may flip to hash the candidates (it
    underestimates them: 40 x 20,000, level 4, about 0.1M estimated of 3.8M, against 0.58M
    cells), twice the CPU (benchmarks/RESULTS.md, session wide9). -#}
{% macro shapley_expand_shared(t, words, shared, size, level_cells=none, mark=false) -%}
{% if mark %}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
    w,
    sid
from (
    select
{% for word in words %}
        c.k{{ loop.index0 }},
{% endfor %}
        c.w,
        c.sid,
        exists (
            select 1
            from ({{ sqlpriv.shapley_level_cells(t, size, level_cells) }}) as s
            where s.sid = c.sid{% for word in words %} and s.k{{ loop.index0 }} = c.q{{ loop.index0 }}{% endfor %}

        ) as is_shared
    from ({{ sqlpriv.shapley_expand_candidates(t, words, shared, size) }}) as c
) as m
where is_shared
{% else %}
select
{% for word in words %}
    c.k{{ loop.index0 }},
{% endfor %}
    c.w,
    c.sid
from ({{ sqlpriv.shapley_expand_candidates(t, words, shared, size) }}) as c
semi join ({{ sqlpriv.shapley_level_cells(t, size, level_cells) }}) as s
    on s.sid = c.sid{% for word in words %} and s.k{{ loop.index0 }} = c.q{{ loop.index0 }}{% endfor %}

{% endif %}
{%- endmacro %}
