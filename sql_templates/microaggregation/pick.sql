{#- The groups of one MDAV round (docs/measures.md, microaggregation; Domingo-Ferrer & Mateo-Sanz
    2002, as sdcMicro's microaggregation(method = "mdav")), as CTEs over `rem` (a CTE name: the
    rows still without a group, pos, z0..): c, their centroid; r, the row farthest from c; rg, r
    and its `aggr` - 1 nearest rows (squared Euclidean distance on the standardised values; ties
    to the smaller position); with `both`, then rest (the rows not in rg), s, the row of rest
    farthest from r, and sg, s and its nearest rows. `d`: the number of columns. Used by
    microaggregation/round.sql, in its recursive CTE (DuckDB) or alone (one round, Spark). -#}
{% macro microaggregation_pick(rem, d, aggr, both=true) -%}
c as (
    select {% for j in range(d) %}avg({{ sqlpriv.quote("z" ~ j) }}) as {{ sqlpriv.quote("c" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

    from {{ sqlpriv.quote(rem) }}
),
r as (
    select rem.*
    from {{ sqlpriv.quote(rem) }} as rem cross join c
    order by {% for j in range(d) %}power(rem.{{ sqlpriv.quote("z" ~ j) }} - c.{{ sqlpriv.quote("c" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %} desc, rem.pos
    limit 1
),
rg as (
    select rem.pos
    from {{ sqlpriv.quote(rem) }} as rem cross join r
    order by {% for j in range(d) %}power(rem.{{ sqlpriv.quote("z" ~ j) }} - r.{{ sqlpriv.quote("z" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %}, rem.pos
    limit {{ sqlpriv.literal(aggr) }}
){% if both %},
rest as (
    select * from {{ sqlpriv.quote(rem) }} where pos not in (select pos from rg)
),
s as (
    select rest.*
    from rest cross join r
    order by {% for j in range(d) %}power(rest.{{ sqlpriv.quote("z" ~ j) }} - r.{{ sqlpriv.quote("z" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %} desc, rest.pos
    limit 1
),
sg as (
    select rest.pos
    from rest cross join s
    order by {% for j in range(d) %}power(rest.{{ sqlpriv.quote("z" ~ j) }} - s.{{ sqlpriv.quote("z" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %}, rest.pos
    limit {{ sqlpriv.literal(aggr) }}
){% endif %}
{%- endmacro %}
