{#- Each row's pattern packed into integer words: column j's code at its bit offset.
    The guard fails loudly if a dictionary outgrew the bits reserved for it. -#}
create or replace temp table {{ t.codes | quote }} as
with guard as (
    select case when
{% for c in columns %}
        (select count(*) from {{ t.dicts[loop.index0] | quote }}) >= {{ 2 ** bits[loop.index0] }}{{ " or" if not loop.last }}
{% endfor %}
        then error('sqlpriv: the data has more distinct values than when this script was generated; generate it again')
        else 0 end as ok
)
select
    a.__sqlpriv_pos,
{% if key %}
    a.__sqlpriv_key,
{% endif %}
{% for word in words %}
    guard.ok{% for f in word %} + (d{{ f.j }}.code << {{ f.offset }}){% endfor %} as k{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ t.analysed | quote }} as a
cross join guard
{% for c in columns %}
join {{ t.dicts[loop.index0] | quote }} as d{{ loop.index0 }} on a.{{ c.name | quote }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
