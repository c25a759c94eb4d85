{#- One round of local suppression (docs/measures.md, local suppression): the next state of
    `relation` (suppress/start.sql's columns). Every current pattern whose wildcard class
    size on the keys `subset` (suppress/sizes.sql, within its stratum; `ns` strata) is
    below `k` gets one more key suppressed (its bit added to `mask`). `order`: the key indices,
    least important first. `rule`: "sdcmicro" suppresses the first key in `order` still shown
    (sdcMicro's localSuppression: the key with most categories, or the least important); "greedy"
    the key whose suppression leaves the pattern the largest class (capped at k; each candidate's
    class by suppress/_match.sql, equi-joins on the distinct patterns), ties to the less important key, and with `defer` a pattern waits a round when a pattern of higher priority
    (smaller class, then its values) differs from it in at most one shown key (that pattern's
    suppression may already bring it to k; found by suppress/_match.sql on the patterns with one key
    j blanked, j as one more stratum: the smallest priority among the matches). `nk`: the number of keys. -#}
{% macro suppress_round(relation, subset, ns, nk, k, order, rule="sdcmicro", defer=false) -%}
with f as (
{{ sqlpriv.suppress_sizes(relation, subset, ns) | indent(4, true) }}
),
cur as (
    select
        st.*,
{% for j in subset %}
        case when {{ sqlpriv.has_bit("st.mask", j) }} then null else st.{{ sqlpriv.quote("o" ~ j) }} end as {{ sqlpriv.quote("v" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ relation }} as st
),
j as (
    select cur.*, f.f
    from cur
    join f on {% for i in range(ns) %}cur.{{ sqlpriv.quote("s" ~ i) }} is not distinct from f.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for j in subset %}cur.{{ sqlpriv.quote("v" ~ j) }} is not distinct from f.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %}

){% if rule == "greedy" %},
viol as (
    select f.*, row_number() over (partition by {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}1 order by f{% for j in subset %}, {{ sqlpriv.quote("v" ~ j) }} nulls first{% endfor %}) as prio
    from f
    where f < {{ k }}
),
cand as (
{% for j in subset %}
    select
{% for i in range(ns) %}
        {{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for i in subset %}
        {% if i == j %}null{% else %}{{ sqlpriv.quote("v" ~ i) }}{% endif %} as {{ sqlpriv.quote("v" ~ i) }},
{% endfor %}
        nm + {{ sqlpriv.literal(2 ** j) }} as nm,
        {{ sqlpriv.literal(j) }} as __sqlpriv_j,
        prio
    from viol
    where {{ sqlpriv.quote("v" ~ j) }} is not null
{{ "    union all" if not loop.last }}
{% endfor %}
),
{% set distinct_cand %}(select distinct {% for i in range(ns) %}{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}{{ sqlpriv.quote("v" ~ j) }}, {% endfor %}nm from cand){% endset %}
cf as (
{{ sqlpriv.suppress_match(distinct_cand, "f", subset, ns) | indent(4, true) }}
),
{% if defer %}
one_off as (
{% for j in subset %}
    select
{% for i in range(ns) %}
        {{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
        {{ sqlpriv.literal(j) }} as {{ sqlpriv.quote("s" ~ ns) }},
{% for i in subset %}
        {% if i == j %}null{% else %}{{ sqlpriv.quote("v" ~ i) }}{% endif %} as {{ sqlpriv.quote("v" ~ i) }},
{% endfor %}
        nm + case when {{ sqlpriv.quote("v" ~ j) }} is null then 0 else {{ sqlpriv.literal(2 ** j) }} end as nm,
        prio,
        m
    from viol
{{ "    union all" if not loop.last }}
{% endfor %}
),
deferred as (
    select distinct {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}a.prio
    from one_off as a
    join ({{ sqlpriv.suppress_match("one_off", "one_off", subset, ns + 1, "first") }}) as e
    on {% for i in range(ns + 1) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from e.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for i in subset %}a.{{ sqlpriv.quote("v" ~ i) }} is not distinct from e.{{ sqlpriv.quote("v" ~ i) }} and {% endfor %}e.f < a.prio
),
{% endif %}
g as (
    select
{% for i in range(ns) %}
        a.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in subset %}
        a.{{ sqlpriv.quote("v" ~ j) }},
{% endfor %}
{% set w = nk + 1 %}
{% for j in subset %}
{% set p = nk - order.index(j) %}
        case when a.{{ sqlpriv.quote("v" ~ j) }} is null then -1 else least(max(case when c.__sqlpriv_j = {{ sqlpriv.literal(j) }} then cf.f end), {{ k }}) * {{ w }} + {{ p }} end as {{ sqlpriv.quote("g" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
    from viol as a
    left join cand as c
    on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from c.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}a.prio = c.prio
    left join cf
    on {% for i in range(ns) %}c.{{ sqlpriv.quote("s" ~ i) }} is not distinct from cf.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for j in subset %}c.{{ sqlpriv.quote("v" ~ j) }} is not distinct from cf.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %}

{% if defer %}
    where not exists (
        select 1
        from deferred as dd
        where {% for i in range(ns) %}dd.{{ sqlpriv.quote("s" ~ i) }} is not distinct from a.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}dd.prio = a.prio
    )
{% endif %}
    group by {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

),
pick as (
    select
        g.*,
        case
{% for j in order if j in subset %}
            when {{ sqlpriv.quote("g" ~ j) }} = {% if subset | length > 1 %}greatest({% for i in subset %}{{ sqlpriv.quote("g" ~ i) }}{{ ", " if not loop.last }}{% endfor %}){% else %}{{ sqlpriv.quote("g" ~ j) }}{% endif %} then {{ 2 ** j }}
{% endfor %}
        end as bit
    from g
){% endif %}

select
    j.pid,
{% for i in range(ns) %}
    j.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in range(nk) %}
    j.{{ sqlpriv.quote("o" ~ j) }},
{% endfor %}
{% if rule == "greedy" %}
    j.mask + coalesce(pick.bit, 0) as mask,
{% else %}
    j.mask + case when j.f < {{ k }} then case
{% for j in order if j in subset %}
        when j.{{ sqlpriv.quote("v" ~ j) }} is not null then {{ 2 ** j }}
{% endfor %}
        else 0 end else 0 end as mask,
{% endif %}
    j.m
from j
{% if rule == "greedy" %}
left join pick on {% for i in range(ns) %}j.{{ sqlpriv.quote("s" ~ i) }} is not distinct from pick.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}{% for j in subset %}j.{{ sqlpriv.quote("v" ~ j) }} is not distinct from pick.{{ sqlpriv.quote("v" ~ j) }}{{ " and " if not loop.last }}{% endfor %}

{% endif %}
{%- endmacro %}
