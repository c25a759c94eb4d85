{#- `rounds` rounds of MDAV in one statement (docs/measures.md, microaggregation; Domingo-Ferrer &
    Mateo-Sanz 2002, as sdcMicro's microaggregation(method = "mdav")): the rows of the state
    `relation` (pos, z0.., g) that these rounds group, as (pos, g). Each round, among the rows
    still without a group: the centroid c; r, the row farthest from c; r's group, r and its
    `aggr` - 1 nearest rows (squared Euclidean distance on the standardised values; ties to the
    smaller position); with `both`, then s, the row farthest from r among the rest, and its group.
    Round i (0-based) numbers its groups `first` + 2 i and `first` + 2 i + 1 (without `both`,
    `first` + i). The rounds run as a recursive CTE whose every step carries the rows still
    ungrouped (and this step's groups), so the statement holds `rounds` x the ungrouped rows at
    most: the caller sizes `rounds` to that; one round is a plain select (Spark, whose recursive
    CTEs allow no aggregate or sort over the recursive reference, runs one round per statement).
    The groups of a round: microaggregation/pick.sql. `d`: the number of columns.
    microaggregation/assign.sql writes the groups into the state. -#}
{% macro microaggregation_round(relation, d, aggr, first, both=true, rounds=1) -%}
{%- set step = 2 if both else 1 -%}
{% if rounds == 1 %}
with rem as (
    select * from {{ relation }} where g is null
),
{{ sqlpriv.microaggregation_pick("rem", d, aggr, both) }}
select pos, {{ sqlpriv.literal(first) }} as g from rg
{% if both %}
union all
select pos, {{ sqlpriv.literal(first + 1) }} as g from sg
{% endif %}
{% else %}
with recursive w(it, pos, {% for j in range(d) %}{{ sqlpriv.quote("z" ~ j) }}, {% endfor %}g) as (
    select 0, pos, {% for j in range(d) %}{{ sqlpriv.quote("z" ~ j) }}, {% endfor %}g from {{ relation }} where g is null
    union all
    (
    with rem as (
        select * from w where g is null
    ),
{{ sqlpriv.microaggregation_pick("rem", d, aggr, both) | indent(4, true) }}

    select
        rem.it + 1,
        rem.pos,
{% for j in range(d) %}
        rem.{{ sqlpriv.quote("z" ~ j) }},
{% endfor %}
        case
            when rem.pos in (select pos from rg) then {{ sqlpriv.literal(first) }} + {{ sqlpriv.literal(step) }} * rem.it
{% if both %}
            when rem.pos in (select pos from sg) then {{ sqlpriv.literal(first + 1) }} + 2 * rem.it
{% endif %}
        end
    from rem
    where rem.it < {{ sqlpriv.literal(rounds) }}
    )
)
select pos, g from w where g is not null
{% endif %}
{%- endmacro %}
