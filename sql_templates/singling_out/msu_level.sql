{#- Minimal sample uniques, one chunk of sets of one size. A record unique on the set's base
    (the set without its last column) is unique on the set but not minimally, so only the
    patterns sharing their base cell with another record (kept in su.multi, one size at a time)
    are grouped again: cells holding exactly one record (sum of multiplicities = 1) whose pattern
    has no MSU that is a subset of the set are new MSUs; cells with several records are kept for
    the next size. One statement per `part` (cells, msu, prune, multi); parts that do nothing
    at this size render empty. With `entity`, a cell is unique when it holds one entity (the
    smallest entity of its patterns equals the largest, su.entities), and every pattern of such a
    cell gets the MSU (a person's rows may differ on other columns). -#}
{% macro singling_out_msu_level(t, hi, lo, max_cols, size, su, words, part, entity=false) -%}
{% if part == "cells" %}
{{ sqlpriv.create_temp_table(sqlpriv.quote(su.cells)) }}
with l as (
    select sid, size, base{% for w in words %}, m{{ loop.index0 }}, b{{ loop.index0 }}{% endfor %} 
    from {{ sqlpriv.quote(su.sets) }}
    where size = {{ size }} and ord between {{ lo }} and {{ hi }}
),
keyed as (
    select l.sid, l.base{% for w in words %}, p.k{{ loop.index0 }} & l.m{{ loop.index0 }} as c{{ loop.index0 }}, p.k{{ loop.index0 }} & l.b{{ loop.index0 }} as bk{{ loop.index0 }}, p.k{{ loop.index0 }} as f{{ loop.index0 }}{% endfor %}, p.w{% if entity %}, p.emin, p.emax{% endif %} 
{% if entity %}
    from {{ sqlpriv.quote(su.entities) }} as p, l
{% else %}
    from {{ sqlpriv.quote(t.patterns) }} as p, l
{% endif %}
)
select x.sid{% for w in words %}, x.c{{ loop.index0 }}{% endfor %}, sum(x.w) as n{% for w in words %}, min(x.f{{ loop.index0 }}) as f{{ loop.index0 }}{% endfor %}{% if entity %}, min(x.emin) as emin, max(x.emax) as emax{% endif %} 
from keyed as x
{% if size > 1 %}
semi join (select * from {{ sqlpriv.quote(su.multi) }} where size = {{ size - 1 }}) as m
    on m.sid = x.base{% for w in words %} and m.c{{ loop.index0 }} = x.bk{{ loop.index0 }}{% endfor %} 
{% endif %}
group by all
{% elif part == "msu" and entity %}
insert into {{ sqlpriv.quote(su.msu) }}
select c.sid, {{ size }} as size{% for w in words %}, p.k{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(su.cells) }} as c
join {{ sqlpriv.quote(su.sets) }} as l on l.sid = c.sid
join {{ sqlpriv.quote(su.entities) }} as p on {% for w in words %}(p.k{{ loop.index0 }} & l.m{{ loop.index0 }}) = c.c{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %} 
where {% if entity %}c.emin = c.emax{% else %}c.n = 1{% endif %}
  and not exists (
      select 1 from {{ sqlpriv.quote(su.msu) }} as m
      where (m.sid & c.sid) = m.sid{% for w in words %} and m.f{{ loop.index0 }} = p.k{{ loop.index0 }}{% endfor %} 
  )
{% elif part == "msu" %}
insert into {{ sqlpriv.quote(su.msu) }}
select c.sid, {{ size }} as size{% for w in words %}, c.f{{ loop.index0 }}{% endfor %} 
from {{ sqlpriv.quote(su.cells) }} as c
where {% if entity %}c.emin = c.emax{% else %}c.n = 1{% endif %}
  and not exists (
      select 1 from {{ sqlpriv.quote(su.msu) }} as m
      where (m.sid & c.sid) = m.sid{% for w in words %} and m.f{{ loop.index0 }} = c.f{{ loop.index0 }}{% endfor %} 
  )
{% elif part == "prune" and size > 1 %}
delete from {{ sqlpriv.quote(su.multi) }} where size < {{ size - 1 }}
{% elif part == "multi" and size < max_cols %}
insert into {{ sqlpriv.quote(su.multi) }}
select sid, {{ size }} as size{% for w in words %}, c{{ loop.index0 }}{% endfor %}, n
from {{ sqlpriv.quote(su.cells) }} as c
where not ({% if entity %}c.emin = c.emax{% else %}c.n = 1{% endif %})
{% endif %}
{%- endmacro %}
