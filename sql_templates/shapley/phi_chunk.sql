{#- Exact per-pattern Shapley values over one chunk of the lattice (subsets with sid lo..hi):
    the partial sums sum over s in the chunk of c_j(s) * log2 N(s). Wide lattices run this
    chunk by chunk and add the parts up (shapley/phi_parts_sum.sql): each chunk's join
    builds its hash table over that chunk's shared cells only, instead of one table over
    every shared cell of the lattice (at 100k rows x 12 columns, 35M cells and 3 GB).
    `patterns`: the parts of the patterns table, read in parallel (engine/parts_union.sql), or none. -#}
{% macro shapley_phi_chunk(t, columns, words, lo, hi, patterns=none) -%}
with chunk as (
    select * from {{ sqlpriv.quote(t.lattice) }} where sid between {{ lo }} and {{ hi }}
),
shared as (
    select * from {{ sqlpriv.quote(t.cells) }} where sid between {{ lo }} and {{ hi }} and n > 1
),
expanded as (
{{ sqlpriv.shapley_expanded_select(t, words, 'chunk', columns, patterns) | indent(4, first=true) }}
)
select
    {{ sqlpriv.shapley_phi_sums(words, columns) | indent(4) }}
from expanded as e
join shared as c on c.sid = e.sid and {% for word in words %}c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}

group by all
{%- endmacro %}
