{#- Before the distinct patterns of the quasi-identifiers are collected from a large engine
    (Spark) to the driver: the rows and an estimate of the patterns' number (HyperLogLog,
    approx_count_distinct, a few percent off), so that too many are refused before any is moved. -#}
{% macro generalize_estimate(source, columns) -%}
select count(*) as n,
  approx_count_distinct(concat_ws('|'{% for column in columns %}, {{ sqlpriv.generalize_key(column) }}{% endfor %})) as patterns
from {{ source }}
{%- endmacro %}
