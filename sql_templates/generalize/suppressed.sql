{#- The classes one lattice node suppresses (fewer than k rows), as the labels of their
    quasi-identifiers at the node's levels (__sqlpriv_l_<j>, text) and __sqlpriv_hit = true: one GROUP BY of the
    distinct patterns' integer codes (never the rows), each code turned back into its label
    through the column's coded hierarchy (level 0: the value) and mapping. cols: one entry per
    quasi-identifier below its top level (a column at its top level is '*' in every class), with
    j, level, coded (table) and mapping (table). What generalize/released.sql joins the rows to
    instead of counting every row's class with a window (docs/measures.md §7). -#}
{% macro generalize_suppressed(patterns, cols, k) -%}
select {% for c in cols %}{{ sqlpriv.quote("t" ~ c.j) }}.label as {{ sqlpriv.quote("__sqlpriv_l_" ~ c.j) }}, {% endfor %}true as __sqlpriv_hit
from (
  select {% for c in cols %}{{ sqlpriv.quote("g_" ~ c.j ~ "_" ~ c.level) }}{{ ", " if not loop.last }}{% endfor %}{{ "sum(cnt) as c" if not cols }}
  from {{ sqlpriv.quote(patterns) }}
{% if cols %}
  group by {% for c in cols %}{{ sqlpriv.quote("g_" ~ c.j ~ "_" ~ c.level) }}{{ ", " if not loop.last }}{% endfor %}
{% endif %}
  having sum(cnt) < {{ sqlpriv.literal(k) }}
) s
{% for c in cols %}
join (
  select distinct cd.{{ sqlpriv.quote("g" ~ c.level) }} as g, {{ "cd.key" if c.level == 0 else "mp." ~ sqlpriv.quote("l" ~ c.level) }} as label
  from {{ sqlpriv.quote(c.coded) }} as cd
{% if c.level > 0 %}
  join {{ sqlpriv.quote(c.mapping) }} as mp on cd.key = mp.key
{% endif %}
) as {{ sqlpriv.quote("t" ~ c.j) }} on s.{{ sqlpriv.quote("g_" ~ c.j ~ "_" ~ c.level) }} = {{ sqlpriv.quote("t" ~ c.j) }}.g
{% endfor %}
{%- endmacro %}
