{#- CTE: Cave's per-set figures from the class-size histogram (docs/measures.md §3). With f_c the size of
    class c and K classes: probability = (1/K) sum 1/f_c, privacy_factor = 1 - probability,
    shannons = (1/K) sum log2 f_c, harts = (1/K) sum log10 f_c, values = n = sum f_c. -#}
{% macro request_stats_cte(t) -%}
stats as (
    select
        j,
        sum(classes)::bigint as categories,
        sum(classes * size)::bigint as n,
        sum(classes / size::double) / sum(classes) as probability,
        sum(classes * log2(size)) / sum(classes) as shannons,
        sum(classes * log10(size)) / sum(classes) as harts
    from {{ sqlpriv.quote(t.sizes) }}
    group by j
)
{%- endmacro %}
