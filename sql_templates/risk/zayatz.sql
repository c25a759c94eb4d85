{#- Zayatz's (1991) population-uniqueness estimate in SQL, from the classes (risk/classes.sql,
    `relation`): one row (records, population, sample_uniques, population_uniqueness). The
    population is sum F_k (n / sampling_fraction, the weights' sum, or n); a class of population
    size k holds exactly one sampled record with the hypergeometric probability P_k(1), and
    P_k(1) / P_1(1) = k (N-n)! (N-k)! / ((N-n-k+1)! (N-1)!) with N = floor(population), in logs
    (dialect/log_hypergeometric_ratio.sql); the population uniques are c1 * c1 / sum_classes (P_f(1) / P_1(1)) / (n / N). The same
    figure as sqlpriv/risk_models.py's `zayatz` (the dbt tests use it: no Python there). -#}
{% macro risk_zayatz(relation) -%}
with t as (
    select sum(f) as n, sum(fw) as population, floor(sum(fw)) as big, sum(case when f = 1 then 1 else 0 end) as c1
    from {{ relation }}
),
ratios as (
    select
        case
            when c.f = 1 then cast(1 as double)
            when t.big - t.n - c.f + 2 <= 0 then cast(0 as double)
            else exp({{ sqlpriv.log_hypergeometric_ratio("c.f", "t.big", "t.n") }})
        end as ratio
    from {{ relation }} as c
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
