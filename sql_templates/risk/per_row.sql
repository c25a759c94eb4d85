{#- One row per input row, in input order (docs/measures.md §9): the row's 0-based position
    (or its `key`), its class size f_k, the estimated population size of its class F_k, its
    individual risk (risk/classes.sql) and, with a `household` column, the household risk
    1 - prod(1 - r_i) over the records of its household (sdcMicro measure_risk's hier_risk);
    a heading the key has (key class_size, ...) gets a leading _ (risk/summary.sql reads
    household_risk the same way).
    Each row finds its class by its values (NULL matches NULL). `inline`: the arguments of
    risk_classes, to compute the classes in a CTE instead of reading the table `relation`. -#}
{% macro risk_per_row(columns, source, relation=none, key=none, row_name="row", household=none, inline=none) -%}
{% set taken = (key or "") | lower %}
{% set heads = {
    "class_size": "_class_size" if taken == "class_size" else "class_size",
    "weighted_class_size": "_weighted_class_size" if taken == "weighted_class_size" else "weighted_class_size",
    "individual_risk": "_individual_risk" if taken == "individual_risk" else "individual_risk",
    "household_risk": "_household_risk" if taken == "household_risk" else "household_risk",
} %}
with
{% if inline %}
risk_classes as (
{{ sqlpriv.risk_classes(**inline) | indent(4, true) }}
),
{% endif %}
x as (
    select
        {{ sqlpriv.row_position(dense=not key) }} as __sqlpriv_pos,
{% if key %}
        {{ sqlpriv.quote(key) }} as __sqlpriv_key,
{% endif %}
{% if household %}
        {{ sqlpriv.quote(household) }} as __sqlpriv_hh,
{% endif %}
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote("q" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
),
j as (
    select x.*, c.f, c.fw, c.r
    from x
    join {{ "risk_classes" if inline else relation }} as c
    on {% for c in columns %}x.{{ sqlpriv.quote("q" ~ loop.index0) }} is not distinct from c.{{ sqlpriv.quote("q" ~ loop.index0) }}{{ " and " if not loop.last }}{% endfor %}

){% if household %},
h as (
    select __sqlpriv_hh, 1 - {{ sqlpriv.product("1 - r") }} as hr
    from j
    group by __sqlpriv_hh
){% endif %}

select
{% if key %}
    j.__sqlpriv_key as {{ sqlpriv.quote(key) }},
{% else %}
    j.__sqlpriv_pos as {{ sqlpriv.quote(row_name) }},
{% endif %}
    j.f as {{ sqlpriv.quote(heads.class_size) }},
    j.fw as {{ sqlpriv.quote(heads.weighted_class_size) }},
    j.r as {{ sqlpriv.quote(heads.individual_risk) }}{{ "," if household }}
{% if household %}
    h.hr as {{ sqlpriv.quote(heads.household_risk) }}
{% endif %}
from j
{% if household %}
join h on j.__sqlpriv_hh is not distinct from h.__sqlpriv_hh
{% endif %}
order by j.__sqlpriv_pos
{%- endmacro %}
