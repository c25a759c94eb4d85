{#- Wildcard class sizes on packed patterns (docs/measures.md, local suppression; suppress/_match.sql
    with one integer per pattern instead of a column per key): for each distinct row of `patterns`
    (s0.., c, nm), the rows (sum of m) of the patterns of `relation` (s0.., c, nm, m) in its stratum
    (`ns` strata) that agree with it on every key of `subset` where neither is NULL. `c` is the
    packed code projected on `subset` (suppress/code.sql), `nm` its NULL mask; `fms[j]` the bits of
    key j's field. a and b match exactly when their codes agree outside the fields of
    U = nm(a) | nm(b): the relation is summed once per NULL mask B and union U, and each query looks
    up, per mask B of its stratum, its code with B's fields cleared. `output` "first": the smallest
    `prio` of the matching patterns instead of the rows. -#}
{% macro suppress_packed_match(patterns, relation, subset, ns, fms, output="rows") -%}
select
{% for i in range(ns) %}
    a.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
    a.c,
    {% if output == "first" %}min(bb.x){% else %}coalesce(sum(bb.x), 0){% endif %} as f
from (
    select
        x.*,
        y.nm as __sqlpriv_b,
        x.nm | y.nm as __sqlpriv_u,
        x.c - (x.c & y.fm) as __sqlpriv_w
    from {{ patterns }} as x
    join (
        select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm, {% for j in subset %}case when {{ sqlpriv.has_bit("nm", j) }} then {{ sqlpriv.literal(fms[j]) }} else 0 end{{ " + " if not loop.last }}{% endfor %} as fm
        from {{ relation }}
    ) as y
    on {% for i in range(ns) %}x.{{ sqlpriv.quote("s" ~ i) }} is not distinct from y.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}true
) as a
left join (
    select
{% for i in range(ns) %}
        b.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
        b.nm as __sqlpriv_b,
        un.u as __sqlpriv_u,
        b.c - (b.c & un.fm) as __sqlpriv_w,
        {% if output == "first" %}min(b.prio){% else %}sum(b.m){% endif %} as x
    from {{ relation }} as b
    join (
        select distinct
{% for i in range(ns) %}
            y.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
            y.nm as bm,
            x.nm | y.nm as u,
            {% for j in subset %}case when {{ sqlpriv.has_bit("x.nm | y.nm", j) }} then {{ sqlpriv.literal(fms[j]) }} else 0 end{{ " + " if not loop.last }}{% endfor %} as fm
        from (select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm from {{ patterns }}) as x
        join (select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm from {{ relation }}) as y
        on {% for i in range(ns) %}x.{{ sqlpriv.quote("s" ~ i) }} is not distinct from y.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}true
    ) as un
    on {% for i in range(ns) %}un.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}un.bm = b.nm
    group by {% for i in range(ns) %}b.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}b.nm, un.u, b.c - (b.c & un.fm)
) as bb
on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from bb.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}a.__sqlpriv_b = bb.__sqlpriv_b and a.__sqlpriv_u = bb.__sqlpriv_u and a.__sqlpriv_w = bb.__sqlpriv_w
group by {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}a.c
{%- endmacro %}
