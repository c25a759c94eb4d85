{#- Zayatz's (1991) population-uniqueness estimate in SQL (docs/measures.md §9), one row: records,
    population, sample_uniques, population_uniqueness. From the classes (risk/classes.sql,
    `relation`; the population is sum F_k: n / sampling_fraction, the weights' sum, or n), or,
    with `histogram`, from a class-size histogram table (columns j, size, classes: the request
    family's t.sizes, set `j`; the population is n / `sampling_fraction`, or n). A class of
    population size k holds exactly one sampled record with the hypergeometric probability
    P_k(1); with N = floor(population), P_k(1) / P_1(1) = k (N-n)! (N-k)! / ((N-n-k+1)! (N-1)!)
    (dialect/log_hypergeometric_ratio.sql), and the population uniques are
    c1 * c1 / sum_k c_k P_k(1) / P_1(1) / (n / N). The same figure as sqlpriv/risk_models.py's
    `zayatz` (the dbt tests and the request gate use it: no Python there). -#}
{% macro risk_zayatz(relation, histogram=false, j=none, sampling_fraction=none) -%}
with h as (
{% if histogram %}
    select size, classes from {{ relation }} where j = {{ j }}
{% else %}
    select f as size, count(*) as classes, sum(fw) as fw from {{ relation }} group by f
{% endif %}
),
t as (
    select
        n,
        population,
        floor(population) as big,
        c1
    from (
        select
            sum(size * classes) as n,
{% if histogram %}
            sum(size * classes) / cast({{ sqlpriv.literal(sampling_fraction or 1) }} as double) as population,
{% else %}
            sum(fw) as population,
{% endif %}
            sum(case when size = 1 then classes else 0 end) as c1
        from h
    ) as totals
),
ratios as (
    select
        h.classes * case
            when h.size = 1 then cast(1 as double)
            when t.big - t.n - h.size + 2 <= 0 then cast(0 as double)
            else exp({{ sqlpriv.log_hypergeometric_ratio("h.size", "t.big", "t.n") }})
        end as ratio
    from h
    cross join t
)
select
    t.n as records,
    t.population,
    t.c1 as sample_uniques,
    case
        when t.c1 = 0 then cast(0 as double)
        else cast(t.c1 as double) * t.c1 / (select sum(ratio) from ratios) / (t.n / t.population) / t.population
    end as population_uniqueness
from t
{%- endmacro %}
