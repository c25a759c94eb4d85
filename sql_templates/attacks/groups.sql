{#- Inference per secret value (anonymeter's risk_for_groups): targets and right guesses of the
    main attack and, when given, of the control attack. -#}
{% macro attacks_groups(main, control=none) -%}
select m.secret, m.n, m.s, c.n as n_control, c.s as s_control
from (select secret, count(*) as n, sum(case when success then 1 else 0 end) as s from {{ sqlpriv.quote(main) }} group by secret) as m
{% if control is not none -%}
left join (select secret, count(*) as n, sum(case when success then 1 else 0 end) as s from {{ sqlpriv.quote(control) }} group by secret) as c
  on {{ sqlpriv.not_distinct("c.secret", "m.secret") }}
{%- else -%}
left join (select null as secret, 0 as n, 0 as s where false) as c on false
{% endif %} order by m.secret nulls first
{%- endmacro %}
