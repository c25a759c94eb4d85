{#- Per input row: its minimal sample uniques (column lists, smallest first). -#}
{% macro singling_out_msu_per_row(t, key, key_name, su, words) -%}
with names as (
    select list(name order by j) as items from {{ sqlpriv.quote(su.columns) }}
),
per_pattern as (
    select {% for w in words %}m.f{{ loop.index0 }}, {% endfor %} 
        min(m.size) as smallest_msu_size,
        count(*) as msu_count,
        list(sqlpriv_so_set_items(m.sid, names.items) order by m.size, m.sid) as msus
    from {{ sqlpriv.quote(su.msu) }} as m
    cross join names
    group by all
)
select
{% if key %}
    r.__sqlpriv_key as {{ sqlpriv.quote(key_name) }},
{% else %}
    r.__sqlpriv_pos as {{ sqlpriv.quote(key_name) }},
{% endif %}
    p.smallest_msu_size,
    coalesce(p.msu_count, 0) as msu_count,
    coalesce(p.msus, []::varchar[][]) as msus
from {{ sqlpriv.quote(t.codes) }} as r
left join per_pattern as p on {% for w in words %}p.f{{ loop.index0 }} = r.k{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %} 
order by r.__sqlpriv_pos
{%- endmacro %}
