{#- The success counts of an attack from its per-target tables (`flag`: linked or success), one row
    per attack kind: the figures the risk is computed from (docs/measures.md, "Attack risk"). -#}
{% macro attacks_counts(main, control, flag) -%}
select attack, count(*) as n_attacks, sum(case when {{ sqlpriv.quote(flag) }} then 1 else 0 end) as n_success
from ({{ sqlpriv.attacks_per_row(main, control) }}) group by attack order by attack desc
{%- endmacro %}
