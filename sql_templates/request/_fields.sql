{#- CTEs: the requested fields with their measured factor after the expression, the factor
    before it (product over the raw source columns the field reads), the manual weight that
    overrides the measured factor in the score, and the group the field is scored in: fields
    that read a common source column are one group, scored by the exact privacy factor of the
    tuple of its fields (set `j` of the group; a weighted field is a group of its own, scored
    by its weight), so splitting a column into pieces never scores higher than requesting
    the pieces together. Needs the stats CTE. `groups` items: g, j (set of the group),
    fields (indexes into fields); none: every field is a group of its own. -#}
{% macro request_fields_cte(fields, groups=none) -%}
{% if groups is none %}
{% set groups = [] %}
{% for f in fields %}
{% set _ = groups.append({"g": loop.index0, "j": f.j, "fields": [loop.index0]}) %}
{% endfor %}
{% endif %}
requested (i, field, expression, j, weight) as (
    values
{% for f in fields %}
        ({{ loop.index0 }}, {{ sqlpriv.literal(f.name) }}, {{ sqlpriv.literal(f.expression) }}::{{ sqlpriv.text_type() }}, {{ f.j }}, {{ sqlpriv.literal(f.weight) }}::double){{ "," if not loop.last }}
{% endfor %}
),
grouped (i, g, group_j, scored_with, first_in_group) as (
    values
{% for gr in groups %}
{% set outer = loop %}
{% for i in gr.fields %}
{% set names = [] %}
{% for m in gr.fields %}{% set _ = names.append(sqlpriv.literal(fields[m].name)) %}{% endfor %}
        ({{ i }}, {{ gr.g }}, {{ gr.j }}, {{ sqlpriv.text_array(names) }}, {{ "true" if loop.first else "false" }}){{ "," if not (outer.last and loop.last) }}
{% endfor %}
{% endfor %}
),
{% set ns = namespace(any=false) %}
{% for f in fields if f.sources %}{% set ns.any = true %}{% endfor %}
read_columns (i, k, source_column, j) as (
{% if ns.any %}
    values
{% for f in fields %}
{% set outer = loop %}
{% for s in f.sources %}
        ({{ outer.index0 }}, {{ loop.index0 }}, {{ sqlpriv.literal(s.name) }}, {{ s.j }}){{ "," if not (outer.last and loop.last) }}
{% endfor %}
{% endfor %}
{% else %}
    select null::integer, null::integer, null::{{ sqlpriv.text_type() }}, null::integer where false
{% endif %}
),
before as (
    select r.i, {{ sqlpriv.ordered_list("r.source_column", "r.k") }} as source_columns, {{ sqlpriv.product("1 - s.probability") }} as factor_before
    from read_columns as r
    join stats as s using (j)
    group by r.i
),
fields as (
    select
        q.i,
        q.field,
        q.expression,
        b.source_columns,
        b.factor_before,
        1 - s.probability as factor_after,
        q.weight,
        coalesce(q.weight, 1 - s.probability) as factor,
        s.probability,
        s.shannons,
        s.harts,
        s.n as {{ sqlpriv.quote("values") }},
        s.categories,
        g.g,
        g.scored_with,
        coalesce(q.weight, 1 - gs.probability) as group_factor,
        g.first_in_group
    from requested as q
    join stats as s using (j)
    left join before as b using (i)
    join grouped as g using (i)
    join stats as gs on gs.j = g.group_j
)
{%- endmacro %}

{#- The select of the per-field table, after the fields CTE (fields.sql, fields_query.sql). -#}
{% macro request_fields_select() -%}
select field, expression, source_columns, factor_before, factor_after, weight, factor,
       probability, shannons, harts, {{ sqlpriv.quote("values") }}, categories, scored_with, group_factor
from fields
order by i
{%- endmacro %}
