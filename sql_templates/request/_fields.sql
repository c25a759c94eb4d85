{#- CTEs: the requested fields with their measured factor after the expression, the factor
    before it (product over the raw source columns the field reads) and the manual weight
    that overrides the measured factor in the score. Needs the stats CTE. -#}
{% macro request_fields_cte(fields) -%}
requested (i, field, expression, j, weight) as (
    values
{% for f in fields %}
        ({{ loop.index0 }}, {{ sqlpriv.literal(f.name) }}, {{ sqlpriv.literal(f.expression) }}::{{ sqlpriv.text_type() }}, {{ f.j }}, {{ sqlpriv.literal(f.weight) }}::double){{ "," if not loop.last }}
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
        s.categories
    from requested as q
    join stats as s using (j)
    left join before as b using (i)
)
{%- endmacro %}
