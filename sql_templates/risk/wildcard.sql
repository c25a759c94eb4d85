{#- The class sizes of the analysed columns when a NULL stands for any value (docs/measures.md
    §9; sdcMicro freqCalc with missing values and `alpha`), one row per distinct pattern of
    values: the pattern (q0, q1, ...), its own rows m and own weight mw (the sum of its sampling
    weights, m / sampling_fraction, or m), and f, fw and r as in risk/classes.sql, where a pattern's
    class is every pattern that is equal to it or NULL on either side in each column. A pattern
    without NULL counts its own rows plus `alpha` times the rows of each other matching pattern
    with a NULL; a pattern with a NULL counts its own rows, the rows of every matching pattern
    without NULL, and `alpha` times the rows of each other matching pattern with a NULL; a pattern
    NULL in every column counts every row. With alpha = 1 every match counts in full. Computed
    on the distinct patterns: the patterns with a NULL are joined with all patterns on "equal or
    either NULL" per column (the patterns without NULL only ever match themselves among each
    other), then the counts and weights summed. -#}
{% macro risk_wildcard(columns, source, weight=none, sampling_fraction=none, alpha=1.0) -%}
with p as (
    select
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote("q" ~ loop.index0) }},
{% endfor %}
        count(*) as m,
{% if weight %}
        sum(cast({{ sqlpriv.quote(weight) }} as double)) as mw
{% elif sampling_fraction is not none %}
        count(*) / cast({{ sqlpriv.literal(sampling_fraction) }} as double) as mw
{% else %}
        cast(count(*) as double) as mw
{% endif %}
    from {{ source }}
    group by {% for c in columns %}{{ c.expr }}{{ ", " if not loop.last }}{% endfor %}

),
pn as (
    select
        p.*,
        ({% for c in columns %}{{ sqlpriv.quote("q" ~ loop.index0) }} is null{{ " or " if not loop.last }}{% endfor %}) as has_null,
        ({% for c in columns %}{{ sqlpriv.quote("q" ~ loop.index0) }} is null{{ " and " if not loop.last }}{% endfor %}) as all_null,
        sum(m) over () as total_m,
        sum(mw) over () as total_mw
    from p
),
nulls as (
    select * from pn where has_null
),
pairs as (
    -- the pattern's own rows, in full
    select {% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }}, {% endfor %}cast(a.m as double) as cm, a.mw as cw
    from pn as a
    union all
    -- another pattern with a NULL that matches: alpha times its rows
    select {% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }}, {% endfor %}cast({{ sqlpriv.literal(alpha) }} as double) * b.m, cast({{ sqlpriv.literal(alpha) }} as double) * b.mw
    from pn as a
    join nulls as b
    on ({% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }} = b.{{ sqlpriv.quote("q" ~ loop.index0) }} or a.{{ sqlpriv.quote("q" ~ loop.index0) }} is null or b.{{ sqlpriv.quote("q" ~ loop.index0) }} is null{{ ") and (" if not loop.last }}{% endfor %})
    and not ({% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }} is not distinct from b.{{ sqlpriv.quote("q" ~ loop.index0) }}{{ " and " if not loop.last }}{% endfor %})
    union all
    -- a pattern without NULL that matches a pattern with a NULL: its rows, in full
    select {% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }}, {% endfor %}cast(b.m as double), b.mw
    from nulls as a
    join pn as b
    on not b.has_null
    and ({% for c in columns %}a.{{ sqlpriv.quote("q" ~ loop.index0) }} = b.{{ sqlpriv.quote("q" ~ loop.index0) }} or a.{{ sqlpriv.quote("q" ~ loop.index0) }} is null{{ ") and (" if not loop.last }}{% endfor %})
),
s as (
    select {% for c in columns %}{{ sqlpriv.quote("q" ~ loop.index0) }}, {% endfor %}sum(cm) as f, sum(cw) as fw
    from pairs
    group by {% for c in columns %}{{ sqlpriv.quote("q" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}

),
g as (
    select
{% for c in columns %}
        pn.{{ sqlpriv.quote("q" ~ loop.index0) }},
{% endfor %}
        pn.m,
        pn.mw,
        case when pn.all_null then cast(pn.total_m as double) else s.f end as f,
        case when pn.all_null then pn.total_mw else s.fw end as fw
    from pn
    join s on {% for c in columns %}pn.{{ sqlpriv.quote("q" ~ loop.index0) }} is not distinct from s.{{ sqlpriv.quote("q" ~ loop.index0) }}{{ " and " if not loop.last }}{% endfor %}

)
select
    g.*,
{{ sqlpriv.risk_individual(weight) }}
from g
{%- endmacro %}
