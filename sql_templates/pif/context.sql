{#- The leave-one-out cohorts of column j (all analysed columns but j) that hold more than one
    distinct value of j, one row per cohort: its size nctx, s = sum of w log2 w over its patterns
    (for H(j | others)) and CIG, the KL divergence of the cohort's distribution of j from the prior.
    (A cohort with a single value of j has p = 1 there: its CIG and CSF come from the values table.)
    With accuracy 1 the KL sum needs only group sums:
        CIG = (sum w log2 w - sum w log2 q) / N - log2 N.
    With accuracy a < 1 the posterior p' = a p + (1 - a) q ranges over the prior's whole support;
    the support values outside the cohort add (1 - a) log2(1 - a) times their total prior. -#}
{% macro pif_context(t, c, words) -%}
{% if c.accuracy == 1 %}
select
{% for word in words %}
    {{ sqlpriv.pif_context_key(c, loop.index0, 'p.') }} as c{{ loop.index0 }},
{% endfor %}
    sum(p.w)::bigint as nctx,
    sum({{ sqlpriv.xlog2x("p.w") }}) as s,
    greatest(0, (sum({{ sqlpriv.xlog2x("p.w") }}) - sum(p.w * log2(v.q))) / sum(p.w) - log2(sum(p.w))) as cig
from {{ sqlpriv.quote(t.patterns) }} as p
join {{ sqlpriv.quote(t.pif_values) }} as v on v.j = {{ c.j }} and v.x = {{ sqlpriv.pif_code(c, 'p.') }}
group by all
having count(*) > 1
{% else %}
with members as (
    select
{% for word in words %}
        {{ sqlpriv.pif_context_key(c, loop.index0, 'p.') }} as c{{ loop.index0 }},
{% endfor %}
        p.w,
        v.q
    from {{ sqlpriv.quote(t.patterns) }} as p
    join {{ sqlpriv.quote(t.pif_values) }} as v on v.j = {{ c.j }} and v.x = {{ sqlpriv.pif_code(c, 'p.') }}
),
sized as (
    select *,
        sum(w) over (partition by {% for word in words %}c{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %}) as nctx,
        count(*) over (partition by {% for word in words %}c{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %}) as patterns
    from members
)
select
{% for word in words %}
    c{{ loop.index0 }},
{% endfor %}
    nctx::bigint as nctx,
    sum({{ sqlpriv.xlog2x("w") }}) as s,
    greatest(0,
        sum({{ sqlpriv.kl_term(sqlpriv.mix(sqlpriv.literal(c.accuracy), "w / nctx", "q"), "q") }})
        + {{ sqlpriv.xlog2x("1 - " ~ sqlpriv.literal(c.accuracy)) }}
          * ((select sum(q) from {{ sqlpriv.quote(t.pif_values) }} where j = {{ c.j }}) - sum(q))
    ) as cig
from sized
where patterns > 1
group by all
{% endif %}
{%- endmacro %}
