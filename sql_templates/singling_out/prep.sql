{#- One input table pre-processed (SPEC 4): floats rounded half-to-even to the precision
    (as numpy does), datetimes floored to the given unit, exact duplicates dropped.
    __sqlpriv_pos is the 0-based position among the distinct rows (PETsARD's index after
    drop_duplicates().reset_index()), __sqlpriv_row the input position of the first copy. -#}
create or replace temp table {{ table | quote }} as
with input_rows as (
    select
        row_number() over () - 1 as __sqlpriv_row,
{% for c in columns %}
{% if c.kind == 'float' %}
        case when (select p from {{ t.precision | quote }}) > 0
             then round_even({{ c.name | quote }} * power(10, (select p from {{ t.precision | quote }})), 0)
                  / power(10, (select p from {{ t.precision | quote }}))
             else {{ c.name | quote }} end
{% elif c.kind == 'datetime' and datetime_unit %}
        date_trunc({{ datetime_unit | literal }}, {{ c.name | quote }})
{% else %}
        {{ c.name | quote }}
{% endif %}
            as {{ c.name | quote }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
),
distinct_rows as (
    select
{% for c in columns %}
        {{ c.name | quote }},
{% endfor %}
        min(__sqlpriv_row) as __sqlpriv_row,
        count(*) as __sqlpriv_copies
    from input_rows
    group by all
)
select row_number() over (order by __sqlpriv_row) - 1 as __sqlpriv_pos, *
from distinct_rows
