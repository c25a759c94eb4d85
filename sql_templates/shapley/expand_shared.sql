{#- The shared pairs of the subsets with `size` columns (the bases of the next level): the
    candidates (shapley/expand_candidates.sql over `shared`, the previous level's shared pairs)
    whose cell is among that level's shared cells (shapley/expand_cells.sql, in the cells table, or
    in `level_cells`, a table of that level's cells alone: a semi join on it reads no other level). -#}
{% macro shapley_expand_shared(t, words, shared, size, level_cells=none) -%}
select
{% for word in words %}
    c.k{{ loop.index0 }},
{% endfor %}
    c.w,
    c.sid
from ({{ sqlpriv.shapley_expand_candidates(t, words, shared, size) }}) as c
semi join (
{% if level_cells %}
    select * from {{ sqlpriv.quote(level_cells) }}
{% else %}
    select * from {{ sqlpriv.quote(t.cells) }}
    where sid in (select sid from {{ sqlpriv.quote(t.bases) }} where size = {{ size }})
{% endif %}
) as s
    on s.sid = c.sid{% for word in words %} and s.k{{ loop.index0 }} = c.q{{ loop.index0 }}{% endfor %}

{%- endmacro %}
