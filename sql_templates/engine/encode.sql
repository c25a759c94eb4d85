{#- Each row's pattern packed into integer words: column j's code at its bit offset,
    in input order (so that subgroup levels can be attached by a positional join).
    The guard fails loudly if a dictionary outgrew the bits reserved for it (or a column
    planned as constant is not), so a stale printed script can never give wrong numbers. -#}
{% macro engine_encode(t, bits, cardinalities, columns, key, words) -%}
create or replace temp table {{ sqlpriv.quote(t.codes) }} as
with guard as (
    select case when
{% for c in columns %}
        (select count(*) from {{ sqlpriv.quote(t.dicts[loop.index0]) }}) {{ "<> 1" if cardinalities[loop.index0] == 1 else ">= " ~ 2 ** bits[loop.index0] }}{{ " or" if not loop.last }}
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
from {{ sqlpriv.quote(t.analysed) }} as a
cross join guard
{% for c in columns %}
join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on a.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
order by a.__sqlpriv_pos
{%- endmacro %}
