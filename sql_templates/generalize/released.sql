{#- The released table for one lattice node from the tables the search built (DuckDB): every
    source row, in source column order, each quasi-identifier as its label at the node's level
    (text: level 0 the value as text, a middle level the label its mapping table gives the value,
    the top level '*'); with suppressed (the table generalize/suppressed.sql made), a record whose
    labels are a suppressed class has every quasi-identifier '*'. One pass over the rows: a join
    to each middle level's mapping and one to the (small) table of suppressed classes, no window
    over the rows. qis: one entry per quasi-identifier with name, j, level, top (bool) and
    mapping (table). flag adds the column __sqlpriv_suppressed. ordered: the rows in the source's order
    (numbered on the scan, sorted back after the joins, which keep it only where the scan has
    ordered batches: files, not a pyarrow table). Same rows as generalize/release.sql. -#}
{% macro generalize_released(source, columns, qis, suppressed=none, flag=false, ordered=true) -%}
select
{% for column in columns %}
{% set found = qis | selectattr("name", "equalto", column) | list %}
{% if found %}
{% set q = found[0] %}
  {% if suppressed %}case when s.__sqlpriv_hit then '*' else {% endif %}
{%- if q.top %}'*'{% elif q.level == 0 %}r.{{ sqlpriv.quote("__sqlpriv_k_" ~ q.j) }}{% else %}{{ sqlpriv.quote("m_" ~ q.j) }}.{{ sqlpriv.quote("l" ~ q.level) }}{% endif %}
{%- if suppressed %} end{% endif %} as {{ sqlpriv.quote(column) }}{{ "," if not loop.last or flag }}
{% else %}
  r.{{ sqlpriv.quote(column) }}{{ "," if not loop.last or flag }}
{% endif %}
{% endfor %}
{% if flag %}
  {{ "coalesce(s.__sqlpriv_hit, false)" if suppressed else "false" }} as __sqlpriv_suppressed
{% endif %}
from (
  select src.*{% for q in qis if not q.top %}, {{ sqlpriv.generalize_key(q.name) }} as {{ sqlpriv.quote("__sqlpriv_k_" ~ q.j) }}{% endfor %}
  from {{ sqlpriv.numbered(source, "__sqlpriv_pos") if ordered else source }} as src
) as r
{% for q in qis if not q.top and q.level > 0 %}
left join {{ sqlpriv.quote(q.mapping) }} as {{ sqlpriv.quote("m_" ~ q.j) }} on r.{{ sqlpriv.quote("__sqlpriv_k_" ~ q.j) }} = {{ sqlpriv.quote("m_" ~ q.j) }}.key
{% endfor %}
{% if suppressed %}
left join {{ sqlpriv.quote(suppressed) }} as s on {% for q in qis if not q.top %}{% if q.level == 0 %}r.{{ sqlpriv.quote("__sqlpriv_k_" ~ q.j) }}{% else %}{{ sqlpriv.quote("m_" ~ q.j) }}.{{ sqlpriv.quote("l" ~ q.level) }}{% endif %} is not distinct from s.{{ sqlpriv.quote("__sqlpriv_l_" ~ q.j) }} and {% endfor %}true
{% endif %}
{% if ordered %}
{{ sqlpriv.keep_order("r." ~ sqlpriv.quote("__sqlpriv_pos")) }}
{% endif %}
{%- endmacro %}
