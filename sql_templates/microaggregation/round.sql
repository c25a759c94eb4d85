{#- One round of MDAV (docs/measures.md, microaggregation; Domingo-Ferrer & Mateo-Sanz 2002, as
    sdcMicro's microaggregation(method = "mdav")): the next state of `relation` (pos, z0.., g). Among
    the rows without a group: the centroid c; r, the row farthest from c; r's group, r and its
    `aggr` - 1 nearest rows (squared Euclidean distance on the standardised values; ties to the
    smaller position); with `both`, then s, the row farthest from r among the rest, and its group.
    The groups are numbered `first` (r's) and `first` + 1 (s's). `d`: the number of columns. -#}
{% macro microaggregation_round(relation, d, aggr, first, both=true) -%}
with rem as (
    select * from {{ relation }} where g is null
),
c as (
    select {% for j in range(d) %}avg({{ sqlpriv.quote("z" ~ j) }}) as {{ sqlpriv.quote("c" ~ j) }}{{ ", " if not loop.last }}{% endfor %}

    from rem
),
r as (
    select rem.*
    from rem cross join c
    order by {% for j in range(d) %}power(rem.{{ sqlpriv.quote("z" ~ j) }} - c.{{ sqlpriv.quote("c" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %} desc, rem.pos
    limit 1
),
rg as (
    select rem.pos
    from rem cross join r
    order by {% for j in range(d) %}power(rem.{{ sqlpriv.quote("z" ~ j) }} - r.{{ sqlpriv.quote("z" ~ j) }}, 2){{ " + " if not loop.last }}{% endfor %}, rem.pos
    limit {{ sqlpriv.literal(aggr) }}
){% if both %},
rest as (
    select * from rem where pos not in (select pos from rg)
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

select
    st.pos,
{% for j in range(d) %}
    st.{{ sqlpriv.quote("z" ~ j) }},
{% endfor %}
    case
        when st.pos in (select pos from rg) then {{ sqlpriv.literal(first) }}
{% if both %}
        when st.pos in (select pos from sg) then {{ sqlpriv.literal(first + 1) }}
{% endif %}
        else st.g
    end as g
from {{ relation }} as st
{%- endmacro %}
