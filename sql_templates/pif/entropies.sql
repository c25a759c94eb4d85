{#- Per column j: empirical entropy H(j), conditional entropy H(j | all others) and the wCIG
    weight w_j = H(j | others) / H(j) (0 when H(j) = 0). From counts only:
    H(j | others) = sum over j's leave-one-out cohorts of (N log2 N - sum of w log2 w over its patterns) / n;
    cohorts with a single pattern add 0, which is why the context tables may leave them out. -#}
{% macro pif_entropies(t, cols) -%}
with totals as (
    select sum(w) as n from {{ sqlpriv.quote(t.patterns) }}
),
marginal as (
    select j, sum({{ sqlpriv.entropy_term("cnt", "totals.n") }}) as entropy
    from {{ sqlpriv.quote(t.pif_values) }}
    cross join totals
    where cnt > 0
    group by j, totals.n
),
conditional as (
{% for c in cols %}
    select {{ c.j }} as j, {{ sqlpriv.literal(c.name) }} as {{ sqlpriv.quote("column") }},
           greatest(0, coalesce(sum({{ sqlpriv.xlog2x("nctx") }} - s), 0) / (select n from totals)) as conditional_entropy
    from {{ sqlpriv.quote(t.pif_context[c.j]) }}
{{ "    union all" if not loop.last }}
{% endfor %}
)
select
    j,
    {{ sqlpriv.quote("column") }},
    m.entropy,
    c.conditional_entropy,
    case when m.entropy > 0 then c.conditional_entropy / m.entropy else 0 end as weight
from conditional as c
join marginal as m using (j)
order by j
{%- endmacro %}
