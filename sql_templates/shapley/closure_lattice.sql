{#- The lattice subsets with their closure: the subset with every column a member determines
    (`closures[j]`: the bitmask of column j and the columns it determines, from
    shapley/functional_pairs.sql). A subset and its closure have the same cohorts, so the
    cells are counted once per distinct closure (shapley/closure_cells.sql). One row per
    lattice subset: sid, its key masks m0.., and closure. -#}
{% macro shapley_closure_lattice(t, words, closures) -%}
select
    sid,
{% for word in words %}
    m{{ loop.index0 }},
{% endfor %}
    (0{% for c in closures %} | case when {{ sqlpriv.has_bit("sid", loop.index0) }} then {{ c | int }} else 0 end{% endfor %})::bigint as closure
from {{ sqlpriv.quote(t.lattice) }}
{%- endmacro %}
