{#- Local suppression's starting state (docs/measures.md, local suppression): one row per
    stratum and distinct pattern of the keys, numbered `pid` in a fixed order: the strata values
    (s0, s1, ...), the original key values (o0, o1, ...), the bit mask of the keys suppressed so far
    (`mask`, bit j for key j: none yet) and the pattern's rows `m`. `keys`: column specs (name,
    expr); `strata`: column names. -#}
{% macro suppress_start(keys, strata, source) -%}
select
    row_number() over (order by {% for s in strata %}{{ sqlpriv.quote("s" ~ loop.index0) }} nulls first, {% endfor %}{% for c in keys %}{{ sqlpriv.quote("o" ~ loop.index0) }} nulls first{{ ", " if not loop.last }}{% endfor %}) as pid,
    g.*
from (
    select
{% for s in strata %}
        {{ sqlpriv.quote(s) }} as {{ sqlpriv.quote("s" ~ loop.index0) }},
{% endfor %}
{% for c in keys %}
        {{ c.expr }} as {{ sqlpriv.quote("o" ~ loop.index0) }},
{% endfor %}
        cast(0 as bigint) as mask,
        count(*) as m
    from {{ source }}
    group by {% for s in strata %}{{ sqlpriv.quote(s) }}, {% endfor %}{% for c in keys %}{{ c.expr }}{{ ", " if not loop.last }}{% endfor %}

) as g
{%- endmacro %}
