{#- The wildcard class size f of every current pattern of a local-suppression state (`relation`,
    suppress/start.sql's columns) on the keys `subset` (0-based indices), within its
    stratum (`ns` strata columns): a key whose bit is set in `mask` is NULL, and a NULL matches
    any value (risk/wildcard.sql with alpha = 1). One row per stratum and current pattern: s0..,
    v<j> for j in `subset`, m (its rows), has_null, nm (its NULL mask on `subset`), f. Computed on
    the distinct patterns with equi-joins per NULL mask (suppress/_match.sql), never on rows and
    never on pairs of patterns. With `prio` also each pattern's priority in a round
    (suppress/round.sql): its rank in its stratum by f, then by its values, NULLs first (the patterns
    below k come first, so their ranks are their ranks among themselves). `output` "patterns": only
    the patterns (s0.., v<j>, m, nm); with `patterns`, a table of those, the sizes read it (Spark
    plans a CTE again at every reference; the Python plan keeps it once). -#}
{% macro suppress_sizes(relation, subset, ns, prio=false, patterns=none, output="sizes") -%}
with {% if patterns %}p as (
    select * from {{ patterns }}
){% else %}cur as (
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
        {% for j in subset %}case when {{ sqlpriv.quote("v" ~ j) }} is null then {{ sqlpriv.literal(2 ** j) }} else 0 end{{ " + " if not loop.last }}{% endfor %} as nm
    from cur
    group by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

){% endif %}{% if output == "patterns" %}

select * from p
{% else %},
t as (
{{ sqlpriv.suppress_match("p", "p", subset, ns) | indent(4, true) }}
)
select
{% for i in range(ns) %}
    p.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
    p.{{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
    p.m,
    p.nm > 0 as has_null,
    p.nm,
    t.f{% if prio %},
    row_number() over (partition by {% for i in range(ns) %}p.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}1 order by t.f{% for j in subset %}, p.{{ sqlpriv.quote("v" ~ j) }} nulls first{% endfor %}) as prio{% endif %}

from p
join t
on {% for i in range(ns) %}p.{{ sqlpriv.quote("s" ~ i) }} is not distinct from t.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for j in subset %}p.{{ sqlpriv.quote("v" ~ j) }} is not distinct from t.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %}
{% endif %}
{%- endmacro %}
