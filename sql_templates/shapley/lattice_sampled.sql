{#- The column subsets the sampled orders visit (plus every single column and every
    leave-one-out set, for the entropy summary), with rollup parents, key masks and
    coefficients c_j(s) = (#orders revealing j right after s - #orders ending j at s) / M. -#}
create or replace temp table {{ t.lattice | quote }} as
with visited as (
    select before_sid as sid from {{ t.steps | quote }}
    union select after_sid from {{ t.steps | quote }}
{% for c in columns %}
    union select {{ 2 ** loop.index0 }}
    union select {{ full_sid - 2 ** loop.index0 }}
{% endfor %}
),
parents as (
    select before_sid as sid, min(after_sid) as parent
    from {{ t.steps | quote }}
    group by before_sid
),
signed as (
    select before_sid as sid, col, 1 as sign from {{ t.steps | quote }}
    union all
    select after_sid as sid, col, -1 as sign from {{ t.steps | quote }}
),
coefficients as (
    select
        sid,
{% for c in columns %}
        coalesce(sum(sign) filter (where col = {{ loop.index0 }}), 0) / {{ samples }}.0 as c{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from signed
    group by sid
)
select
    v.sid,
    bit_count(v.sid) as size,
    case when v.sid = {{ full_sid }} then null else coalesce(p.parent, {{ full_sid }}) end as parent,
{% for word in words %}
    0{% for f in word %} + case when sqlpriv_has_bit(v.sid, {{ f.j }}) then {{ f.mask }} else 0 end{% endfor %} as m{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    {{ "0.0" if cardinalities[loop.index0] == 1 else "coalesce(k.c" ~ loop.index0 ~ ", 0)" }} as c{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from visited as v
left join parents as p using (sid)
left join coefficients as k using (sid)
