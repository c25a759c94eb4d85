{#- The select shared by cohorts.sql and phi_exact.sql: log2 N_t(s) for every pattern and
    every lattice subset whose cohort has more than one member (log2 1 = 0 adds nothing). -#}
{% macro shapley_cohorts_select(t, words) -%}
with expanded as (
{{ sqlpriv.shapley_expanded_select(t, words, t.lattice) | indent(4, first=true) }}
),
shared as (
    select * from {{ sqlpriv.quote(t.cells) }} where n > 1
)
select
{% for word in words %}
    e.k{{ loop.index0 }},
{% endfor %}
    e.sid,
    log2(c.n) as log_n
from expanded as e
join shared as c on {% for word in words %}c.k{{ loop.index0 }} = e.q{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}
{%- endmacro %}
