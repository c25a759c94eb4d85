{#- Probe: values of one column of the distinct synthetic table at the positions seeded Python
    drew (positions from 0 in value order, NULL first): kind "rare" numbers the values occurring
    once, "distinct" every distinct value (NULL included), "min" / "max" give the extreme (i = 0). -#}
{% macro attacks_so_values(table, column, kind, positions) -%}
{%- if kind in ("min", "max") %}
select 0 as i, {% if kind == "min" %}min{% else %}max{% endif %}({{ sqlpriv.quote(column) }}) as v from {{ sqlpriv.quote(table) }}
{%- else %}
select i, v from (
    select {{ sqlpriv.quote(column) }} as v, row_number() over (order by {{ sqlpriv.quote(column) }} nulls first) - 1 as i
    from {{ sqlpriv.quote(table) }}
{%- if kind == "rare" %}
    where {{ sqlpriv.quote(column) }} is not null group by {{ sqlpriv.quote(column) }} having count(*) = 1
{%- else %}
    group by {{ sqlpriv.quote(column) }}
{%- endif %}
) as x
where i in ({% for p in positions %}{{ sqlpriv.literal(p) }}{{ ", " if not loop.last }}{% endfor %})
{%- endif %}
{%- endmacro %}
