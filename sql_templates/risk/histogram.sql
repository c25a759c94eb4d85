{#- The class-size histogram (frequency of frequencies) of the classes (risk/classes.sql, a
    quoted relation): one row per class size with the number of classes of that size, smallest
    first. The only thing that leaves the database: Pitman's and the SNB model are solved on it
    in Python (sqlpriv/risk_models.py). `inline`: the arguments of risk_classes, to compute the
    classes in a CTE (the single statement) instead of reading the table `relation`. -#}
{% macro risk_histogram(relation=none, inline=none) -%}
{% if inline %}
with risk_classes as (
{{ sqlpriv.risk_classes(**inline) | indent(4, true) }}
)
{% endif %}
select f as size, count(*) as classes
from {{ "risk_classes" if inline else relation }}
group by f
order by f
{%- endmacro %}
