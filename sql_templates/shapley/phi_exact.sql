{#- Exact per-pattern Shapley values: phi_j = sum over s of c_j(s) * log2 N(s), streamed
    from the cohort counts without materialising the (pattern x subset) table. -#}
{% from "shapley/_cohorts.sql" import cohorts_select %}
create or replace temp table {{ t.phi | quote }} as
with cohorts as (
{{ cohorts_select(t, words) | indent(4, first=true) }}
)
select
{% for word in words %}
    h.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    sum(l.c{{ loop.index0 }} * h.log_n) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from cohorts as h
join {{ t.lattice | quote }} as l using (sid)
group by all
