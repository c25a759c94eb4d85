{#- The per-pattern sums of one level (`size`) of the expansion, the same as shapley/sampled_sums.sql
    (k0.., phi0, s20, phi1, s21, ...) but summed in long form: per (pattern, column j) only the
    subsets whose coefficients for j are not 0 (`coefficients`, shapley/sparse_coefficients.sql)
    and the cross terms lx of the cells where an order ends with j, then one row per pattern
    (0 where a column has no term). At 40 columns a subset has about 3 non-zero columns, so this
    sums about 3 terms per shared pair instead of 2d. -#}
{% macro shapley_sparse_sums(words, columns, matched, coefficients, size) -%}
with terms as (
    select
{% for word in words %}
        m.k{{ loop.index0 }},
{% endfor %}
        k.j,
        k.c * m.l as phi,
        k.e * m.l * m.l - case when k.j = m.xj then 2 * m.lx else 0.0 end as s2
    from {{ sqlpriv.quote(matched) }} as m
    join (select * from {{ sqlpriv.quote(coefficients) }} where size = {{ size }}) as k on k.sid = m.sid
    where m.l > 0 or k.j = m.xj
),
long as (
    select{% for word in words %} k{{ loop.index0 }},{% endfor %} j, sum(phi) as phi, sum(s2) as s2
    from terms
    group by all
)
{{ sqlpriv.shapley_sparse_pivot(words, columns, "long") }}
{%- endmacro %}
