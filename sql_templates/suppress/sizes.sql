{#- The wildcard class size f of every current pattern of a local-suppression state (`relation`,
    suppress/start.sql's columns) on the keys `subset` (0-based indices), within its
    stratum (`ns` strata columns): a key whose bit is set in `mask` is NULL, and a NULL matches
    any value (risk/wildcard.sql with alpha = 1). One row per stratum and current pattern: s0..,
    v<j> for j in `subset`, m (its rows), f. The patterns with a NULL are joined with all
    patterns on "equal or either NULL" per key; those without only match themselves. -#}
{% macro suppress_sizes(relation, subset, ns) -%}
with cur as (
    select
{% for i in range(ns) %}
        {{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
        case when {{ sqlpriv.has_bit("mask", j) }} then null else {{ sqlpriv.quote("o" ~ j) }} end as {{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
        m
    from {{ relation }}
),
p as (
    select
{% for i in range(ns) %}
        {{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
        {{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
        sum(m) as m,
        ({% for j in subset %}{{ sqlpriv.quote("v" ~ j) }} is null{{ " or " if not loop.last }}{% endfor %}) as has_null
    from cur
    group by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

),
nulls as (
    select * from p where has_null
),
pairs as (
    select {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}, {% endfor %}a.m as c
    from p as a
    union all
    select {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}, {% endfor %}b.m
    from p as a
    join nulls as b
    on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}({% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }} = b.{{ sqlpriv.quote("v" ~ j) }} or a.{{ sqlpriv.quote("v" ~ j) }} is null or b.{{ sqlpriv.quote("v" ~ j) }} is null{{ ") and (" if not loop.last }}{% endfor %})
    and not ({% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }} is not distinct from b.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %})
    union all
    select {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}, {% endfor %}b.m
    from nulls as a
    join p as b
    on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}not b.has_null
    and ({% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }} = b.{{ sqlpriv.quote("v" ~ j) }} or a.{{ sqlpriv.quote("v" ~ j) }} is null{{ ") and (" if not loop.last }}{% endfor %})
)
select
{% for i in range(ns) %}
    p.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
    p.{{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
    p.m,
    p.has_null,
    t.f
from p
join (
    select {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}{{ sqlpriv.quote("v" ~ j) }}, {% endfor %}sum(c) as f
    from pairs
    group by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

) as t
on {% for i in range(ns) %}p.{{ sqlpriv.quote("s" ~ i) }} is not distinct from t.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for j in subset %}p.{{ sqlpriv.quote("v" ~ j) }} is not distinct from t.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %}
{%- endmacro %}
