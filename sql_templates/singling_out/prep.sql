{#- One input table pre-processed (docs/measures.md §4): floats rounded half-to-even to the precision
    (as numpy does), datetimes floored to the given unit. `dedup` (PETsARD parity mode only): exact
    duplicates dropped, __sqlpriv_pos the 0-based position among the distinct rows (PETsARD's index
    after drop_duplicates().reset_index()), __sqlpriv_row the input position of the first copy.
    Otherwise every row is kept (a record is singled out when its values occur in exactly one ROW
    of each table), __sqlpriv_pos = __sqlpriv_row = the input position. `precision_given`: the
    user gave numeric_precision, so floats are rounded to it even at 0 decimals (as PETsARD rounds
    a given precision); a detected precision of 0 leaves them as they are (PETsARD applies a
    detected one only above 0). -#}
{% macro singling_out_prep(t, columns, datetime_unit, source, table, dedup=true, precision_given=false) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(table)) }}
with input_rows as (
    select
        {{ sqlpriv.row_number() }} - 1 as __sqlpriv_row,
{% for c in columns %}
{% if c.kind == 'float' %}
        case when {{ "true" if precision_given else "(select p from " ~ sqlpriv.quote(t.precision) ~ ") > 0" }}
             then {{ sqlpriv.round_even(sqlpriv.quote(c.name) ~ " * power(10, (select p from " ~ sqlpriv.quote(t.precision) ~ "))") }}
                  / power(10, (select p from {{ sqlpriv.quote(t.precision) }}))
             else {{ sqlpriv.quote(c.name) }} end
{% elif c.kind == 'datetime' and datetime_unit %}
        date_trunc({{ sqlpriv.literal(datetime_unit) }}, {{ sqlpriv.quote(c.name) }})
{% else %}
        {{ sqlpriv.quote(c.name) }}
{% endif %}
            as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
),
distinct_rows as (
{% if dedup %}
    select
{% for c in columns %}
        {{ sqlpriv.quote(c.name) }},
{% endfor %}
        min(__sqlpriv_row) as __sqlpriv_row,
        count(*) as __sqlpriv_copies
    from input_rows
    group by all
{% else %}
    select *, 1 as __sqlpriv_copies
    from input_rows
{% endif %}
)
select row_number() over (order by __sqlpriv_row) - 1 as __sqlpriv_pos, *
from distinct_rows
{%- endmacro %}
