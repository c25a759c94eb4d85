{#- Exact per-pattern Shapley values: phi_j = sum over s of c_j(s) * log2 N(s), streamed
    from the cohort counts without materialising the (pattern x subset) table. -#}
{% macro shapley_phi_exact(t, columns, words) -%}
with cohorts as (
{{ sqlpriv.shapley_cohorts_select(t, words) | indent(4, first=true) }}
)
select
{% for word in words %}
    h.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
    sum(l.c{{ loop.index0 }} * h.log_n) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from cohorts as h
join {{ sqlpriv.quote(t.lattice) }} as l using (sid)
group by all
{%- endmacro %}
