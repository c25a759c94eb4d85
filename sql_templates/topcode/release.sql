{#- Top and bottom coding of one numeric column (docs/measures.md, cells; sdcMicro's topBotCoding):
    every row of `source` in input order with every column (`columns`, names), `column`'s values above
    the top threshold replaced by `top_value` and below the bottom threshold by `bottom_value` (NULL
    stays NULL). A threshold is a number (`top`, `bottom`), or with `quantile` that quantile of the
    column (linearly interpolated, NULLs left out), computed in the same statement. A replacement of
    none is the threshold itself. -#}
{% macro topcode_release(source, columns, column, top=none, bottom=none, top_value=none, bottom_value=none, quantile=false) -%}
with t as (
    select
{% if quantile %}
        cast({% if top is not none %}{{ sqlpriv.quantile_cont(sqlpriv.quote(column), sqlpriv.literal(top)) }}{% else %}null{% endif %} as double) as hi,
        cast({% if bottom is not none %}{{ sqlpriv.quantile_cont(sqlpriv.quote(column), sqlpriv.literal(bottom)) }}{% else %}null{% endif %} as double) as lo
    from {{ source }}
{% else %}
        cast({{ sqlpriv.literal(top) }} as double) as hi,
        cast({{ sqlpriv.literal(bottom) }} as double) as lo
{% endif %}
),
x as (
    select src.*, {{ sqlpriv.row_position(dense=false) }} as __sqlpriv_pos
    from {{ source }} as src
)
select
{% for c in columns %}
{% if c == column %}
    case
        when x.{{ sqlpriv.quote(c) }} > t.hi then {% if top_value is not none %}cast({{ sqlpriv.literal(top_value) }} as double){% else %}t.hi{% endif %}

        when x.{{ sqlpriv.quote(c) }} < t.lo then {% if bottom_value is not none %}cast({{ sqlpriv.literal(bottom_value) }} as double){% else %}t.lo{% endif %}

        else x.{{ sqlpriv.quote(c) }}
    end as {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% else %}
    x.{{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
from x
cross join t
order by x.__sqlpriv_pos
{%- endmacro %}
