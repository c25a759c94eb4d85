{#- Per column: how many minimal sample uniques it takes part in, and how many records have one. -#}
{% macro singling_out_msu_summary(t, max_cols, su, words) -%}
with per_column as (
    select c.j, c.name,
        count(m.sid) as msu_count,
        count(distinct ({% for w in words %}m.f{{ loop.index0 }}::varchar{{ " || ':' || " if not loop.last }}{% endfor %})) as records,
        {% for s in range(1, max_cols + 1) %}count(m.sid) filter (where m.size = {{ s }}) as msu_size_{{ s }}{{ "," if not loop.last }}
        {% endfor %}

    from {{ sqlpriv.quote(su.columns) }} as c
    left join {{ sqlpriv.quote(su.msu) }} as m on ((m.sid >> c.j) & 1) = 1
    group by c.j, c.name
)
select name as "column", msu_count, records,
    records::double / (select count(*) from {{ sqlpriv.quote(t.codes) }}) as share_of_records,
    * exclude (j, name, msu_count, records)
from per_column
order by j
{%- endmacro %}
