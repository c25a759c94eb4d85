{#- The privacy profile: one row per column with Cave's privacy factor (SPEC 3). -#}
{% macro request_profile(t, columns) -%}
with {{ sqlpriv.request_stats_cte(t) }},
names (j, "column") as (
    values
{% for c in columns %}
        ({{ loop.index0 }}, {{ sqlpriv.literal(c.name) }}){{ "," if not loop.last }}
{% endfor %}
)
select
    names."column",
    1 - s.probability as privacy_factor,
    s.probability,
    s.shannons,
    s.harts,
    s.n as "values",
    s.categories
from names
join stats as s using (j)
order by names.j
{%- endmacro %}
