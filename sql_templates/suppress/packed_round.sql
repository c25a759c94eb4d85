{#- One greedy round of local suppression on a packed state (docs/measures.md, local suppression;
    suppress/round.sql's greedy rule with one integer per pattern, suppress/code.sql): the next
    state of `relation`, whose class sizes on the keys `subset` are the table `patterns`
    (suppress/packed_sizes.sql; `ns` strata). Each pattern below `k` (`prio`: its rank by class
    size, then by code, i.e. by its values with NULLs first, kept in `patterns`) gets the key whose suppression leaves it
    the largest class (capped at k; each candidate's class by suppress/_packed_match.sql), ties to
    the less important key (`order`: key indices, least important first; `nk` keys); with `defer` a
    pattern waits a round when a pattern of higher priority differs from it in at most one key j
    (both with j blanked, matched with j as one more stratum: the smallest prio among the
    matches). `fms[j]`: the bits of key j's field. -#}
{% macro suppress_packed_round(relation, patterns, subset, ns, nk, k, order, fms, defer=false) -%}
{% set acc = namespace(fields=0) %}
{% for j in subset %}
{% set acc.fields = acc.fields + fms[j] %}
{% endfor %}
{% set distinct_cand %}(select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}c, nm from cand){% endset %}
with viol as (
    select *
    from {{ patterns }}
    where f < {{ sqlpriv.literal(k) }}
),
kj as (
    select *
    from (
        values
{% for j in subset %}
            ({{ sqlpriv.literal(j) }}, cast({{ sqlpriv.literal(fms[j]) }} as bigint), cast({{ sqlpriv.literal(2 ** j) }} as bigint), {{ sqlpriv.literal(nk - order.index(j)) }}){{ "," if not loop.last }}
{% endfor %}
    ) as t(j, fm, bit, p)
),
cand as (
    select {% for i in range(ns) %}v.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}v.c - (v.c & kj.fm) as c, v.nm | kj.bit as nm, kj.bit, kj.fm, kj.p, v.prio
    from viol as v
    join kj on (v.c & kj.fm) <> 0
),
cf as (
{{ sqlpriv.suppress_packed_match(distinct_cand, patterns, subset, ns, fms) | indent(4, true) }}
),
{% if defer %}
one_off as (
    select {% for i in range(ns) %}v.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}kj.j as {{ sqlpriv.quote("s" ~ ns) }}, v.c - (v.c & kj.fm) as c, v.nm | kj.bit as nm, v.prio, v.m
    from viol as v
    cross join kj
),
deferred as (
    select distinct {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}a.prio
    from one_off as a
    join ({{ sqlpriv.suppress_packed_match("one_off", "one_off", subset, ns + 1, fms, "first") }}) as e
    on {% for i in range(ns + 1) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from e.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}a.c = e.c and e.f < a.prio
),
{% endif %}
scored as (
    select {% for i in range(ns) %}c.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}c.prio, c.bit, c.fm, least(cf.f, {{ sqlpriv.literal(k) }}) * {{ sqlpriv.literal(nk + 1) }} + c.p as score
    from cand as c
    join cf on {% for i in range(ns) %}c.{{ sqlpriv.quote("s" ~ i) }} is not distinct from cf.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}c.c = cf.c
{% if defer %}
    where not exists (
        select 1
        from deferred as dd
        where {% for i in range(ns) %}dd.{{ sqlpriv.quote("s" ~ i) }} is not distinct from c.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}dd.prio = c.prio
    )
{% endif %}
),
pick as (
    select {% for i in range(ns) %}v.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}v.c, b.bit, b.fm
    from viol as v
    join (
        select *, row_number() over (partition by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}prio order by score desc) as rn
        from scored
    ) as b
    on {% for i in range(ns) %}v.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}v.prio = b.prio and b.rn = 1
)
select
    st.pid,
{% for i in range(ns) %}
    st.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in range(nk) %}
    st.{{ sqlpriv.quote("o" ~ j) }},
{% endfor %}
    st.mask + coalesce(pick.bit, 0) as mask,
    st.m,
    st.code - coalesce(st.code & pick.fm, 0) as code,
    st.nm + coalesce(pick.bit, 0) as nm
from {{ relation }} as st
left join pick
on {% for i in range(ns) %}st.{{ sqlpriv.quote("s" ~ i) }} is not distinct from pick.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}(st.code & {{ sqlpriv.literal(acc.fields) }}) = pick.c
{%- endmacro %}
