{#- Univariate microaggregation, sdcMicro's microaggregation(method = "onedims") (docs/measures.md
    §12): each numeric column of `columns` on its own, within each stratum (`strata` columns; none:
    the whole table), its values sorted (ties in input order), groups of `aggr` consecutive values,
    the last group absorbing the remainder (floor(n / aggr) groups; one group when n < 2 aggr),
    each value replaced by its group's mean (or median). `output` "release": every row and column
    of `source` in input order; "il1s": sdcMicro's IL1s over the cells (as microaggregation/
    release.sql), the number of groups of the first column (each row adds 1 / its group's size, so
    each group, stratum by stratum, adds 1: no list of the strata's values) and the smallest group
    of any column. -#}
{% macro microaggregation_onedims(source, all_columns, columns, aggr, strata=[], measure="mean", output="release") -%}
with x as (
    select src.*, {{ sqlpriv.row_position(dense=false) }} as __sqlpriv_pos
    from {{ source }} as src
),
k as (
    select x.*,
{% for c in columns %}
        least(
            floor((row_number() over ({% if strata %}partition by {% for s in strata %}{{ sqlpriv.quote(s) }}{{ ", " if not loop.last }}{% endfor %}{% endif %} order by {{ sqlpriv.quote(c) }}, __sqlpriv_pos) - 1) / {{ sqlpriv.literal(aggr) }}),
            greatest(floor(count(*) over ({% if strata %}partition by {% for s in strata %}{{ sqlpriv.quote(s) }}{{ ", " if not loop.last }}{% endfor %}{% endif %}) / {{ sqlpriv.literal(aggr) }}) - 1, 0)
        ) as {{ sqlpriv.quote("__sqlpriv_g" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
    from x
),
r as (
    select k.*,
{% for c in columns %}
        {% if measure == "median" %}{{ sqlpriv.quantile_cont("cast(" ~ sqlpriv.quote(c) ~ " as double)", "0.5") }}{% else %}avg(cast({{ sqlpriv.quote(c) }} as double)){% endif %} over ({% if strata %}partition by {% for s in strata %}{{ sqlpriv.quote(s) }}, {% endfor %}{{ sqlpriv.quote("__sqlpriv_g" ~ loop.index0) }}{% else %}partition by {{ sqlpriv.quote("__sqlpriv_g" ~ loop.index0) }}{% endif %}) as {{ sqlpriv.quote("__sqlpriv_a" ~ loop.index0) }},
        count(*) over ({% if strata %}partition by {% for s in strata %}{{ sqlpriv.quote(s) }}, {% endfor %}{{ sqlpriv.quote("__sqlpriv_g" ~ loop.index0) }}{% else %}partition by {{ sqlpriv.quote("__sqlpriv_g" ~ loop.index0) }}{% endif %}) as {{ sqlpriv.quote("__sqlpriv_n" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
    from k
){% if output == "il1s" %},
sd as (
    select {% for c in columns %}stddev_samp(cast({{ sqlpriv.quote(c) }} as double)) as {{ sqlpriv.quote("s" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}

    from x
)
select
    coalesce(sum({% for c in columns %}coalesce(abs(cast(r.{{ sqlpriv.quote(c) }} as double) - r.{{ sqlpriv.quote("__sqlpriv_a" ~ loop.index0) }}) / (sd.{{ sqlpriv.quote("s" ~ loop.index0) }} * sqrt(2)), 0){{ " + " if not loop.last }}{% endfor %}), 0) as il1s,
    cast(round(sum(1 / cast({{ sqlpriv.quote("__sqlpriv_n0") }} as double))) as bigint) as groups,
    {{ "least(" if columns | length > 1 }}{% for c in columns %}min({{ sqlpriv.quote("__sqlpriv_n" ~ loop.index0) }}){{ ", " if not loop.last }}{% endfor %}{{ ")" if columns | length > 1 }} as smallest_group
from r
cross join sd
{% else %}

select
{% for c in all_columns %}
{% if c in columns %}
    {{ sqlpriv.quote("__sqlpriv_a" ~ columns.index(c)) }} as {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% else %}
    {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
from r
order by __sqlpriv_pos
{% endif %}
{%- endmacro %}
