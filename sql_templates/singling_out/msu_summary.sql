{#- Per column: how many minimal sample uniques it takes part in, how many records have one, and
    its share of the total SUDA score (sdcMicro's attribute contribution: the weights of the
    MSUs holding the column over the weights of all MSUs, in percent; NULL when no record has
    an MSU). `units` (not none with entity): the shares are of the (entity, pattern) units, counted
    in su.entities when the query runs. -#}
{% macro singling_out_msu_summary(t, max_cols, su, words, units=none) -%}
with per_column as (
    select c.j, c.name,
        count(m.sid) as msu_count,
        count(distinct ({% for w in words %}m.f{{ loop.index0 }}::{{ sqlpriv.text_type() }}{{ " || ':' || " if not loop.last }}{% endfor %})) as records,
        coalesce(sum(g.weight), 0.0::double) as weight,
        {% for s in range(1, max_cols + 1) %}count(m.sid) filter (where m.size = {{ s }}) as msu_size_{{ s }}{{ "," if not loop.last }}
        {% endfor %}

    from {{ sqlpriv.quote(su.columns) }} as c
    left join {{ sqlpriv.quote(su.msu) }} as m on ((m.sid >> c.j) & 1) = 1
    left join {{ sqlpriv.quote(su.weights) }} as g on g.size = m.size
    group by c.j, c.name
),
total as (
    select sum(g.weight) as weight
    from {{ sqlpriv.quote(su.msu) }} as m
    join {{ sqlpriv.quote(su.weights) }} as g on g.size = m.size
)
select name as {{ sqlpriv.quote("column") }}, msu_count, records,
{% if units is not none %}
    records::double / (select coalesce(sum(entities), 0) from {{ sqlpriv.quote(su.entities) }}) as share_of_records,
{% else %}
    records::double / (select count(*) from {{ sqlpriv.quote(t.codes) }}) as share_of_records,
{% endif %}
    100.0::double * per_column.weight / nullif((select weight from total), 0) as suda_contribution,
    {% for s in range(1, max_cols + 1) %}msu_size_{{ s }}{{ "," if not loop.last }}{% endfor %} 
from per_column
order by j
{%- endmacro %}
