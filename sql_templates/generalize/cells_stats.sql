{#- One lattice node's figures once its records still at risk were treated by local suppression
    (docs/measures.md §7, "Cells instead of records"): `relation` is local suppression's final state
    of the node's generalized table (suppress/start.sql's columns: o<j> the generalized labels, mask
    the blanked keys, m the rows). `qis`: per quasi-identifier its coded table (`coded`), the label
    and share columns of the node's level (`label`: key or l<level>; `share`: s<level>). One row:
    raw_<j> (ARX's MetricMDNMLoss sum: a kept cell costs its label's domain share, a blanked cell
    1, as a suppressed record's cell does), loss_<j> (normalised between n / |domain| and n and
    floored to 1e-10 as generalize/bounds.sql), blanked_<j> (cells blanked), then the wildcard
    classes (a NULL matches any value, sdcMicro's fk): classes (distinct released patterns),
    smallest_class (the k reached) and risk_sum (the sum over records of 1 / their class size). -#}
{% macro generalize_cells_stats(relation, qis, n) -%}
with f as (
{{ sqlpriv.suppress_sizes(sqlpriv.quote(relation), range(qis | length) | list, 0) | indent(2, true) }}
), w as (
  select count(*) as classes, min(f) as smallest_class, sum(m / f) as risk_sum from f
){% for q in qis %}, d{{ loop.index0 }} as (
  select cast(count(*) as double) as domain from {{ sqlpriv.quote(q.coded) }}
), s{{ loop.index0 }} as (
  select {{ sqlpriv.quote(q.label) }} as g, any_value({{ sqlpriv.quote(q.share) }}) as s
  from {{ sqlpriv.quote(q.coded) }} group by 1
){% endfor %}, r as (
  select
{% for q in qis %}
    sum(st.m * case when {{ sqlpriv.has_bit("st.mask", loop.index0) }} then 1.0 else s{{ loop.index0 }}.s end) as {{ sqlpriv.quote("raw_" ~ loop.index0) }},
    cast(sum(case when {{ sqlpriv.has_bit("st.mask", loop.index0) }} then st.m else 0 end) as bigint) as {{ sqlpriv.quote("blanked_" ~ loop.index0) }},
    count(case when not {{ sqlpriv.has_bit("st.mask", loop.index0) }} and s{{ loop.index0 }}.s is null then 1 end) as {{ sqlpriv.quote("unmatched_" ~ loop.index0) }}{{ "," if not loop.last }}
{% endfor %}
  from {{ sqlpriv.quote(relation) }} as st
{% for q in qis %}
  left join s{{ loop.index0 }} on st.{{ sqlpriv.quote("o" ~ loop.index0) }} = s{{ loop.index0 }}.g
{% endfor %}
)
select
{% for q in qis %}
  {% set j = loop.index0 %}
  case when d{{ j }}.domain <= 1 then 0.0 else floor(round(greatest(0.0, (r.{{ sqlpriv.quote("raw_" ~ j) }} - {{ sqlpriv.literal(n) }} / d{{ j }}.domain)
    / ({{ sqlpriv.literal(n) }} - {{ sqlpriv.literal(n) }} / d{{ j }}.domain)) * 1e10, 3)) / 1e10 end as {{ sqlpriv.quote("loss_" ~ j) }},
  r.{{ sqlpriv.quote("blanked_" ~ j) }}, r.{{ sqlpriv.quote("unmatched_" ~ j) }},
{% endfor %}
  w.classes, w.smallest_class, w.risk_sum
from r cross join w{% for q in qis %} cross join d{{ loop.index0 }}{% endfor %}
{%- endmacro %}
