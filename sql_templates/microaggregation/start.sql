{#- MDAV's starting state (docs/measures.md, microaggregation): one row per row of `source` with
    its 0-based input position `pos`, its values of the numeric `columns` (names) standardised
    (z0, z1, ...: minus the column's mean, over its sample standard deviation; a constant column
    gives 0) and no group yet (`g` NULL). With `stratum`: `source` is the table of
    microaggregation/strata.sql, and only its rows of that stratum are taken (standardised within
    it, as sdcMicro microaggregates each stratum alone). -#}
{% macro microaggregation_start(source, columns, stratum=none) -%}
with x as (
{% if stratum is none %}
    select {{ sqlpriv.row_position() }} as pos{% for c in columns %}, cast({{ sqlpriv.quote(c) }} as double) as {{ sqlpriv.quote("x" ~ loop.index0) }}{% endfor %}

    from {{ source }}
{% else %}
    select pos{% for c in columns %}, {{ sqlpriv.quote("x" ~ loop.index0) }}{% endfor %}

    from {{ source }}
    where sid = {{ sqlpriv.literal(stratum) }}
{% endif %}
),
m as (
    select {% for c in columns %}avg({{ sqlpriv.quote("x" ~ loop.index0) }}) as {{ sqlpriv.quote("m" ~ loop.index0) }}, coalesce(nullif(stddev_samp({{ sqlpriv.quote("x" ~ loop.index0) }}), 0), 1) as {{ sqlpriv.quote("d" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}

    from x
)
select
    x.pos,
{% for c in columns %}
    (x.{{ sqlpriv.quote("x" ~ loop.index0) }} - m.{{ sqlpriv.quote("m" ~ loop.index0) }}) / m.{{ sqlpriv.quote("d" ~ loop.index0) }} as {{ sqlpriv.quote("z" ~ loop.index0) }},
{% endfor %}
    cast(null as bigint) as g
from x
cross join m
{%- endmacro %}
