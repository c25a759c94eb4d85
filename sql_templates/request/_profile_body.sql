{#- The privacy profile after the stats CTE: the column-names CTE and the final select (one row
    per column with Cave's privacy factor, docs/measures.md §3). Follows `with <stats CTE>,` in profile.sql
    (stats over the plan's temp table) and profile_query.sql (stats over an inlined CTE).
    `columns` items: name (the column as reported); column j is set j of the class sizes. -#}
{% macro request_profile_body(columns) -%}
names (j, {{ sqlpriv.quote("column") }}) as (
    values
{% for c in columns %}
        ({{ loop.index0 }}, {{ sqlpriv.literal(c.name) }}){{ "," if not loop.last }}
{% endfor %}
)
select
    names.{{ sqlpriv.quote("column") }},
    1 - s.probability as privacy_factor,
    s.probability,
    s.shannons,
    s.harts,
    s.n as {{ sqlpriv.quote("values") }},
    s.categories
from names
join stats as s using (j)
order by names.j
{%- endmacro %}
