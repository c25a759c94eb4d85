{#- One round of local suppression (docs/measures.md, local suppression): the next state of
    `relation` (suppress/start.sql's columns). Every current pattern whose wildcard class
    size on the keys `subset` (suppress/sizes.sql, within its stratum; `ns` strata) is
    below `k` gets one more key suppressed (its bit added to `mask`). `order`: the key indices,
    least important first. `rule`: "sdcmicro" suppresses the first key in `order` still shown
    (sdcMicro's localSuppression: the key with most categories, or the least important); "greedy"
    the key whose suppression leaves the pattern the largest class (capped at k), ties to the
    less important key, and with `defer` a pattern waits a round when a pattern of higher priority
    (smaller class, then its values) differs from it in at most one shown key (that pattern's
    suppression may already bring it to k). `nk`: the number of keys. -#}
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
        case when a.{{ sqlpriv.quote("v" ~ j) }} is null then -1 else least(sum(case when {% for i in subset if i != j %}(a.{{ sqlpriv.quote("v" ~ i) }} = b.{{ sqlpriv.quote("v" ~ i) }} or a.{{ sqlpriv.quote("v" ~ i) }} is null or b.{{ sqlpriv.quote("v" ~ i) }} is null) and {% endfor %}true then b.m else 0 end), {{ k }}) * {{ w }} + {{ p }} end as {{ sqlpriv.quote("g" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
    from viol as a
    join f as b on {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }} is not distinct from b.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}true
{% if defer %}
    where not exists (
        select 1
        from viol as w
        where {% for i in range(ns) %}w.{{ sqlpriv.quote("s" ~ i) }} is not distinct from a.{{ sqlpriv.quote("s" ~ i) }} and {% endfor %}w.prio < a.prio
        and {% for j in subset %}(case when w.{{ sqlpriv.quote("v" ~ j) }} <> a.{{ sqlpriv.quote("v" ~ j) }} then 1 else 0 end){{ " + " if not loop.last }}{% endfor %} <= 1
    )
{% endif %}
    group by {% for i in range(ns) %}a.{{ sqlpriv.quote("s" ~ i) }}, {% endfor %}{% for j in subset %}a.{{ sqlpriv.quote("v" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

),
pick as (
    select
        g.*,
        case
{% for j in order if j in subset %}
            when {{ sqlpriv.quote("g" ~ j) }} = greatest({% for i in subset %}{{ sqlpriv.quote("g" ~ i) }}{{ ", " if not loop.last }}{% endfor %}) then {{ 2 ** j }}
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
