{#- The distinct patterns of the quasi-identifiers with their row counts, each joined to its
    column's coded hierarchy: g_<j>_<level> (the label's integer code) for every column j and
    level. Every lattice node is a GROUP BY over this table, never over the rows. (The domain
    shares are read from the coded tables: generalize/bounds.sql, generalize/shares.sql.)
    keys: the table generalize/keys.sql made (the same keys and counts, already read from the
    source), or none to read the source here. outer: left joins, so that the patterns keep every
    row (a value no hierarchy covers has null codes: the caller counts them, generalize/total.sql,
    and names them before anything reads them). entity (issue 46, read from the source only):
    cnt counts the pattern's distinct entities, not its rows. -#}
{% macro generalize_patterns(source, columns, coded, heights, keys=none, outer=false, entity=none) -%}
with p as (
{% if keys %}
  select * from {{ sqlpriv.quote(keys) }}
{% else %}
  select {% for column in columns %}{{ sqlpriv.generalize_key(column) }} as {{ sqlpriv.quote("k" ~ loop.index0) }}, {% endfor %}{% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as cnt
  from {{ source }}
  group by {% for column in columns %}{{ loop.index }}{{ ", " if not loop.last }}{% endfor %}
{% endif %}
)
select p.cnt
{% for j in range(columns | length) %}
{% for level in range(heights[j]) %}
  , {{ sqlpriv.quote("c" ~ j) }}.{{ sqlpriv.quote("g" ~ level) }} as {{ sqlpriv.quote("g_" ~ j ~ "_" ~ level) }}
{% endfor %}
{% endfor %}
from p
{% for j in range(columns | length) %}
{{ "left " if outer }}join {{ sqlpriv.quote(coded[j]) }} as {{ sqlpriv.quote("c" ~ j) }} on p.{{ sqlpriv.quote("k" ~ j) }} = {{ sqlpriv.quote("c" ~ j) }}.key
{% endfor %}
{%- endmacro %}
