{#- The class-size histogram (frequency of frequencies) of the classes (risk/classes.sql, a
    quoted relation): one row per class size with the number of classes of that size, smallest
    first. The only thing that leaves the database: Pitman's and the SNB model are solved on it
    in Python (sqlpriv/risk_models.py). -#}
{% macro risk_histogram(relation) -%}
select f as size, count(*) as classes
from {{ relation }}
group by f
order by f
{%- endmacro %}
