{#- Sampled by(): the cross-entropy sums X_v(s) * |v| = sum over the level's rows of log2 N(s)
    for one chunk of the lattice (subsets with sid lo..hi), from the level's patterns
    (shapley/levels.sql) and the shared cells (the cells table holds only those): one row per (level, subset). shapley/by.sql
    reads them for the level's mean values and standard errors; no (pattern x subset) table. -#}
{% macro shapley_cross_entropy_chunk(t, words, lo, hi) -%}
with chunk as (
    select * from {{ sqlpriv.quote(t.lattice) }} where sid between {{ lo }} and {{ hi }}
)
select v.level, l.sid, sum(v.w * log2(c.n)) as sum_log_n
from {{ sqlpriv.quote(t.levels) }} as v
cross join chunk as l
join (select * from {{ sqlpriv.quote(t.cells) }} where sid between {{ lo }} and {{ hi }}) as c
    on c.sid = l.sid{% for word in words %} and c.k{{ loop.index0 }} = v.k{{ loop.index0 }} & l.m{{ loop.index0 }}{% endfor %}

group by all
{%- endmacro %}
