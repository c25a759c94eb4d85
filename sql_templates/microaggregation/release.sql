{#- The microaggregated table (docs/measures.md, microaggregation): every row and column of
    `source` in input order, each of the numeric `columns` replaced by its group's mean (or with
    `measure` "median" its median) over the final MDAV state `relation` (pos, z0.., g). `output`
    "il1s": instead, sdcMicro's IL1s, the sum over the columns' cells of |x - x'| / (sd(x) sqrt 2)
    (dUtility(method = "IL1s"); NULLs left out), and the number of groups and the smallest group. -#}
{% macro microaggregation_release(source, relation, all_columns, columns, measure="mean", output="release") -%}
with x as (
    select src.*, {{ sqlpriv.row_position() }} as __sqlpriv_pos
    from {{ source }} as src
),
j as (
    select x.*, st.g as __sqlpriv_g
    from x
    join {{ relation }} as st on st.pos = x.__sqlpriv_pos
),
a as (
    select
        __sqlpriv_g,
{% for c in columns %}
        {% if measure == "median" %}{{ sqlpriv.quantile_cont("cast(" ~ sqlpriv.quote(c) ~ " as double)", "0.5") }}{% else %}avg(cast({{ sqlpriv.quote(c) }} as double)){% endif %} as {{ sqlpriv.quote("a" ~ loop.index0) }},
{% endfor %}
        count(*) as __sqlpriv_size
    from j
    group by __sqlpriv_g
),
r as (
    select
        j.__sqlpriv_pos,
{% for c in all_columns %}
{% if c in columns %}
{% set i = columns.index(c) %}
        a.{{ sqlpriv.quote("a" ~ i) }} as {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% else %}
        j.{{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
    from j
    join a on a.__sqlpriv_g = j.__sqlpriv_g
){% if output == "il1s" %},
sd as (
    select {% for c in columns %}stddev_samp(cast({{ sqlpriv.quote(c) }} as double)) as {{ sqlpriv.quote("s" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}

    from x
)
select
    coalesce(sum({% for c in columns %}coalesce(abs(cast(x.{{ sqlpriv.quote(c) }} as double) - r.{{ sqlpriv.quote(c) }}) / (sd.{{ sqlpriv.quote("s" ~ loop.index0) }} * sqrt(2)), 0){{ " + " if not loop.last }}{% endfor %}), 0) as il1s,
    (select count(*) from a) as groups,
    (select min(__sqlpriv_size) from a) as smallest_group
from x
join r on r.__sqlpriv_pos = x.__sqlpriv_pos
cross join sd
{% else %}

select {% for c in all_columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %}

from r
order by __sqlpriv_pos
{% endif %}
{%- endmacro %}
