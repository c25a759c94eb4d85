{#- The equivalence classes of the analysed columns (docs/measures.md §9), one row per class:
    the class's values (q0, q1, ...: NULL is a value, GROUP BY groups NULLs), its sample size
    f (rows), its estimated population size fw (F_k: the sum of the class's sampling weights;
    without weights f / sampling_fraction, or f when the sample is the population) and the
    individual risk r of each of its records: with weights sdcMicro's negative-binomial
    approximation (Benedetti & Franconi 1998; sdcMicro indivRisk(method = "approx"),
    p = f / F: f = 1: p/(1-p) ln(1/p); f = 2: p/(1-p) - (p/(1-p))^2 ln(1/p); f > 2:
    p / (f - (1 - p)); 1/f where F = f), without weights 1 / F_k. A pure select: the Python
    plan keeps it as a temp table, the single statement (risk/query.sql) inlines it. With
    `entity`, f counts the class's distinct entities instead of its rows (a person with several
    rows counts once; no weights then). -#}
{% macro risk_classes(columns, source, weight=none, sampling_fraction=none, entity=none) -%}
select
    g.*,
{{ sqlpriv.risk_individual(weight) }}
from (
    select
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote("q" ~ loop.index0) }},
{% endfor %}
        {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as f,
{% if weight %}
        sum(cast({{ sqlpriv.quote(weight) }} as double)) as fw
{% elif sampling_fraction is not none %}
        {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} / cast({{ sqlpriv.literal(sampling_fraction) }} as double) as fw
{% else %}
        cast({% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as double) as fw
{% endif %}
    from {{ source }}
    group by {% for c in columns %}{{ c.expr }}{{ ", " if not loop.last }}{% endfor %}

) as g
{%- endmacro %}
