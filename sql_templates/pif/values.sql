{#- Per analysed column j and value code x: the count of rows with that value, the prior q
    (the user's prior, else the empirical share cnt / n), and the CIG and CSF of a value that is
    alone in its leave-one-out cohort (posterior p = 1 at x): those need no cohort lookup,
        alone_cig = p' log2(p' / q) + (1 - a) log2(1 - a) (sum of q over the support - q),
        alone_csf = a |1 - q|,  with p' = a + (1 - a) q.
    Prior values absent from the data are kept with x = NULL and cnt = 0: they matter once an
    accuracy below 1 mixes the prior in. -#}
{% macro pif_values(t, cols) -%}
with accuracies(j, a) as (
    values {% for c in cols %}({{ c.j }}, {{ sqlpriv.literal(c.accuracy) }}::double){{ ", " if not loop.last }}{% endfor %}

),
counted as (
{% for c in cols %}
    select {{ c.j }} as j, o.x, o.cnt,
{% if c.prior %}
        pr.q
{% else %}
        o.cnt::double / (select sum(w) from {{ sqlpriv.quote(t.patterns) }}) as q
{% endif %}
    from (
        select {{ sqlpriv.pif_code(c) }} as x, sum(w)::bigint as cnt
        from {{ sqlpriv.quote(t.patterns) }}
        group by all
    ) as o
{% if c.prior %}
    join {{ sqlpriv.quote(t.pif_prior) }} as pr on pr.j = {{ c.j }} and pr.code = o.x
    union all
    select {{ c.j }}, null, 0, q from {{ sqlpriv.quote(t.pif_prior) }} where j = {{ c.j }} and code is null
{% endif %}
{{ "    union all" if not loop.last }}
{% endfor %}
),
supported as (
    select c.*, a.a, sum(c.q) over (partition by c.j) as support_q
    from counted as c
    join accuracies as a using (j)
)
select
    j, x, cnt, q, a,
    greatest(0, {{ sqlpriv.kl_term(sqlpriv.mix("a", 1, "q"), "q") }} + {{ sqlpriv.xlog2x("1 - a") }} * (support_q - q)) as alone_cig,
    a * abs(1 - q) as alone_csf
from supported
{%- endmacro %}
