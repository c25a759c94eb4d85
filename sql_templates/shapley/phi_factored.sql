{#- Exact per-pattern Shapley values, phi_j = sum over s of c_j(s) * log2 N(s), with fewer probes
    of the cells than shapley_phi_exact: the columns are split into `high_sid` (a few columns with
    many values) and the rest (low). A subset s with s & high_sid = h reads only the pattern's
    codes on h plus the low columns, so for each h short of all of high_sid the terms of those
    subsets are summed once per distinct key on (h + low columns) (table `low`: few keys, each
    probing the cells 2^|low| times) and every pattern reads that sum with one probe of the
    small `low` table; only the subsets holding all of high_sid (`highs`) probe the cells once
    per pattern, each through its own left join (no (pattern x subset) rows, no group by).
    At 7.5M voters x 5 columns (zip code and age high): 14M probes instead of 38M. Same values
    as shapley_phi_exact (k0.., phi0..), plus each pattern's multiplicity w, every pattern present
    (shapley_by_patterns then reads no other table). `groups`: per h short of high_sid, its id
    (hsid) and the key masks of h + low columns, one per packed word (m); `highs`: each subset
    holding high_sid, its sid and key masks. -#}
{% macro shapley_phi_factored(t, columns, words, high_sid, groups, highs) -%}
with split_groups as (
{% for g in groups %}
    select {{ g.hsid | int }} as hsid{% for m in g.m %}, {{ m | int }}::bigint as m{{ loop.index0 }}{% endfor %}{{ " union all" if not loop.last }}
{% endfor %}
),
low_keys as (
    select distinct
        h.hsid{% for word in words %},
        p.k{{ loop.index0 }} & h.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %}

    from {{ sqlpriv.quote(t.patterns) }} as p
    cross join split_groups as h
),
low_expanded as (
{% for g in groups %}
    select
{% for word in words %}
        e.k{{ loop.index0 }},
        e.k{{ loop.index0 }} & l.m{{ loop.index0 }} as q{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
        l.c{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from low_keys as e
    cross join {{ sqlpriv.quote(t.lattice) }} as l
    where e.hsid = {{ g.hsid | int }} and (l.sid & {{ high_sid | int }}) = {{ g.hsid | int }}
{{ "    union all" if not loop.last }}
{% endfor %}
),
low as materialized (
    select
        {{ sqlpriv.shapley_phi_sums(words, columns) | indent(8) }}
    from low_expanded as e
    join (select * from {{ sqlpriv.quote(t.cells) }} where (sid & {{ high_sid | int }}) <> {{ high_sid | int }} and n > 1) as c
        on {% for word in words %}c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}

    group by all
),
coefficients as (
    select
{% for s in highs %}
{% set i = loop.index0 %}
{% for c in columns %}
        max(c{{ loop.index0 }}) filter (where sid = {{ s.sid | int }}) as c{{ loop.index0 }}_{{ i }}{{ "," if not (loop.last and i == highs | length - 1) }}
{% endfor %}
{% endfor %}
    from {{ sqlpriv.quote(t.lattice) }}
)
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
{% set j = loop.index0 %}
    0.0{% for s in highs %} + x.c{{ j }}_{{ loop.index0 }} * coalesce(h{{ loop.index0 }}.log_n, 0){% endfor %}{% for g in groups %} + coalesce(g{{ loop.index0 }}.phi{{ j }}, 0){% endfor %} as phi{{ j }},
{% endfor %}
    p.w
from {{ sqlpriv.quote(t.patterns) }} as p
cross join coefficients as x
{% for s in highs %}
left join (select {% for word in words %}k{{ loop.index0 }}, {% endfor %}log2(n) as log_n from {{ sqlpriv.quote(t.cells) }} where sid = {{ s.sid | int }} and n > 1) as h{{ loop.index0 }}
    on {% set hi = loop.index0 %}{% for m in s.m %}h{{ hi | int }}.k{{ loop.index0 }} = p.k{{ loop.index0 }} & {{ m | int }}{{ " and " if not loop.last }}{% endfor %}

{% endfor %}
{% for g in groups %}
left join low as g{{ loop.index0 }}
    on {% set gi = loop.index0 %}{% for m in g.m %}g{{ gi | int }}.k{{ loop.index0 }} = p.k{{ loop.index0 }} & {{ m | int }}{{ " and " if not loop.last }}{% endfor %}

{% endfor %}
{%- endmacro %}
