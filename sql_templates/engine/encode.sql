{#- Each row's pattern packed into integer words: column j's code at its bit offset,
    in input order (so that subgroup levels can be attached by a positional join).
    The guard fails loudly if a dictionary outgrew the bits reserved for it (or a column
    planned as constant is not), so a stale printed script can never give wrong numbers. -#}
create or replace temp table {{ t.codes | quote }} as
with guard as (
    select case when
{% for c in columns %}
        (select count(*) from {{ t.dicts[loop.index0] | quote }}) {{ "<> 1" if cardinalities[loop.index0] == 1 else ">= " ~ 2 ** bits[loop.index0] }}{{ " or" if not loop.last }}
{% endfor %}
        then error('sqlpriv: the number of distinct values changed since this script was generated; generate it again')
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
order by a.__sqlpriv_pos
