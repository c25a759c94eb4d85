{#- The sample-based figures of the classes (risk/classes.sql, a quoted relation), one row
    (docs/measures.md §9; ARX RiskModelSampleSummary with the estimated population class size
    F_k in place of ARX's population table): records, classes, smallest/largest class, sample
    uniques; prosecutor (1/f_k) records at risk (share of records in classes whose risk exceeds
    `threshold`), highest and average risk (classes / records); journalist (1/F_k) records at
    risk, highest risk and average risk max(classes / sum F_k, sum(f_k / F_k) / records);
    marketer sum(f_k / F_k) / records; the expected re-identifications sum(f_k r_k) (sdcMicro's
    global risk) and the estimated population size sum F_k. `wildcard`: the relation is
    risk/wildcard.sql's distinct patterns (a NULL matches any value), whose own rows m and own
    weight mw count the records and the population, and whose f and fw are the class sizes: every
    figure is then a mean over records (the average prosecutor risk sum(m / f_k) / records). -#}
{% macro risk_stats(relation, threshold, wildcard=false) -%}
{% if wildcard %}
select
    sum(m) as records,
    count(*) as classes,
    min(f) as smallest_class,
    max(f) as largest_class,
    sum(case when f = 1 then m else 0 end) as sample_uniques,
    cast(sum(case when cast(1 as double) / f > cast({{ sqlpriv.literal(threshold) }} as double) then m else 0 end) as double) / sum(m) as prosecutor_records_at_risk,
    cast(1 as double) / min(f) as prosecutor_highest_risk,
    sum(m / f) / sum(m) as prosecutor_average_risk,
    cast(sum(case when cast(1 as double) / fw > cast({{ sqlpriv.literal(threshold) }} as double) then m else 0 end) as double) / sum(m) as journalist_records_at_risk,
    cast(1 as double) / min(fw) as journalist_highest_risk,
    greatest(sum(m / f) / sum(mw), sum(m / fw) / sum(m)) as journalist_average_risk,
    sum(m / fw) / sum(m) as marketer_risk,
    sum(m * r) as expected_reidentifications,
    sum(mw) as population
from {{ relation }}
{% else %}
select
    sum(f) as records,
    count(*) as classes,
    min(f) as smallest_class,
    max(f) as largest_class,
    sum(case when f = 1 then 1 else 0 end) as sample_uniques,
    cast(sum(case when cast(1 as double) / f > cast({{ sqlpriv.literal(threshold) }} as double) then f else 0 end) as double) / sum(f) as prosecutor_records_at_risk,
    cast(1 as double) / min(f) as prosecutor_highest_risk,
    cast(count(*) as double) / sum(f) as prosecutor_average_risk,
    cast(sum(case when cast(1 as double) / fw > cast({{ sqlpriv.literal(threshold) }} as double) then f else 0 end) as double) / sum(f) as journalist_records_at_risk,
    cast(1 as double) / min(fw) as journalist_highest_risk,
    greatest(count(*) / sum(fw), sum(f / fw) / sum(f)) as journalist_average_risk,
    sum(f / fw) / sum(f) as marketer_risk,
    sum(f * r) as expected_reidentifications,
    sum(fw) as population
from {{ relation }}
{% endif %}
{%- endmacro %}
