{#- The wildcard class size f of every current pattern of a packed local-suppression state
    (`relation`: suppress/code.sql's columns, `code` and `nm` current) on the keys `subset`, within
    its stratum (`ns` strata): suppress/sizes.sql on one integer per pattern. One row per stratum
    and current pattern: s0.., c (the code on `subset`), nm (its NULL mask on `subset`), m (its
    rows), f, prio (its priority in a round, suppress/packed_round.sql: its rank in its stratum by f,
    then by c, i.e. by its values with NULLs first; the patterns below k come first, so their ranks
    are their ranks among themselves). `fms[j]`: the bits of key j's field. `output` "patterns": only
    the patterns (s0.., c, nm, m); with `patterns`, a table of those, the sizes read it (Spark plans
    a CTE again at every reference; the Python plan keeps it once). -#}
{% macro suppress_packed_sizes(relation, subset, ns, fms, patterns=none, output="sizes") -%}
{% set acc = namespace(fields=0, bits=0) %}
{% for j in subset %}
{% set acc.fields = acc.fields + fms[j] %}
{% set acc.bits = acc.bits + 2 ** j %}
{% endfor %}
with p as (
{% if patterns %}
    select * from {{ patterns }}
{% else %}
    select
{% for i in range(ns) %}
        {{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
        code & {{ sqlpriv.literal(acc.fields) }} as c,
        nm & {{ sqlpriv.literal(acc.bits) }} as nm,
        sum(m) as m
    from {{ relation }}
    group by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}code & {{ sqlpriv.literal(acc.fields) }}, nm & {{ sqlpriv.literal(acc.bits) }}
{% endif %}
){% if output == "patterns" %}

select * from p
{% else %},
t as (
{{ sqlpriv.suppress_packed_match("p", "p", subset, ns, fms) | indent(4, true) }}
)
select
{% for i in range(ns) %}
    p.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
    p.c,
    p.nm,
    p.m,
    t.f,
    row_number() over (partition by {% for i in range(ns) %}p.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}1 order by t.f, p.c) as prio
from p
join t
on {% for i in range(ns) %}p.{{ sqlpriv.quote("s" ~ i) }} is not distinct from t.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}p.c = t.c
{% endif %}
{%- endmacro %}
