{#- Wildcard class sizes of the query `patterns` against the patterns of `relation` (docs/measures.md,
    local suppression; both internal relations: a CTE name or a subquery over one): for each
    distinct row of `patterns` (s0.., v<j> for j in `subset`, nm), the rows (sum of m) of the
    patterns p of `relation` (s0.., v<j>, nm, m) in its stratum (`ns` strata) that agree
    with it on every key of `subset` where neither is NULL. `nm` is the pattern's NULL mask (bit j
    set where v<j> is NULL). Equi-joins only, never a pair of patterns: a and b match exactly when
    they agree outside U = nm(a) | nm(b), so p is summed once per NULL mask B and union U it
    meets in its stratum (its keys in U made NULL), and each query pattern looks up, for each mask B of p in its stratum, its
    own keys with U = nm(a) | B made NULL. Rows: |p| and |patterns| times the distinct masks.
    `output` "first": instead of the rows, the smallest `prio` of the matching patterns of p. -#}
{% macro suppress_match(patterns, relation, subset, ns, output="rows") -%}
select
{% for i in range(ns) %}
    a.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
    a.{{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
    {% if output == "first" %}min(bb.c){% else %}coalesce(sum(bb.c), 0){% endif %} as f
from (
    select
        x.*,
        mb.nm as __sqlpriv_b,
        {% for j in subset %}case when {{ sqlpriv.has_bit("x.nm", j) }} or {{ sqlpriv.has_bit("mb.nm", j) }} then {{ sqlpriv.literal(2 ** j) }} else 0 end{{ " + " if not loop.last }}{% endfor %} as __sqlpriv_u,
{% for j in subset %}
        case when {{ sqlpriv.has_bit("mb.nm", j) }} then null else x.{{ sqlpriv.quote("v" ~ j) }} end as {{ sqlpriv.quote("w" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ patterns }} as x
    join (select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm from {{ relation }}) as mb
    on {% for i in range(ns) %}x.{{ sqlpriv.quote("s" ~ i) }} is not distinct from mb.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}true
) as a
left join (
    select
{% for i in range(ns) %}
        b.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
        b.nm as __sqlpriv_b,
        un.u as __sqlpriv_u,
{% for j in subset %}
        case when {{ sqlpriv.has_bit("un.u", j) }} then null else b.{{ sqlpriv.quote("v" ~ j) }} end as {{ sqlpriv.quote("w" ~ j) }},
{% endfor %}
        {% if output == "first" %}min(b.prio){% else %}sum(b.m){% endif %} as c
    from {{ relation }} as b
    join (
        select distinct
{% for i in range(ns) %}
            y.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
            y.nm as bm,
            {% for j in subset %}case when {{ sqlpriv.has_bit("x.nm", j) }} or {{ sqlpriv.has_bit("y.nm", j) }} then {{ sqlpriv.literal(2 ** j) }} else 0 end{{ " + " if not loop.last }}{% endfor %} as u
        from (select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm from {{ patterns }}) as x
        join (select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}nm from {{ relation }}) as y
        on {% for i in range(ns) %}x.{{ sqlpriv.quote("s" ~ i) }} is not distinct from y.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}true
    ) as un
    on {% for i in range(ns) %}un.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}un.bm = b.nm
    group by {% for i in range(ns) %}b.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}b.nm, un.u{% for j in subset %}, {{ sqlpriv.quote("w" ~ j) }}{% endfor %}

) as bb
on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from bb.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}a.__sqlpriv_b = bb.__sqlpriv_b and a.__sqlpriv_u = bb.__sqlpriv_u{% for j in subset %} and a.{{ sqlpriv.quote("w" ~ j) }} is not distinct from bb.{{ sqlpriv.quote("w" ~ j) }}{% endfor %}

group by {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}
