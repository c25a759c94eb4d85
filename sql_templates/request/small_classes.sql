{#- The equivalence classes of `columns` smaller than k (the rows that break k-anonymity):
    one row per class with the columns' values under their own names and class_size (rows in
    the class), ordered by class_size, then the values (NULLs last). NULL is a value, as in
    every request figure (GROUP BY groups NULLs). What a dbt k-anonymity test returns as its
    failing rows; Python: sqlpriv.request.small_classes.
    source: a relation as SQL text; columns: a non-empty list of plain column names; k >= 1.
    Ordered by position, so a column named class_size cannot make ORDER BY ambiguous. -#}
{% macro request_small_classes(source, columns, k) -%}
select
{% for c in columns %}
    {{ sqlpriv.quote(c) }},
{% endfor %}
    count(*)::bigint as class_size
from {{ source }}
group by {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %}

having count(*) < {{ sqlpriv.literal(k) }}
order by {{ columns | length + 1 }}{% for c in columns %}, {{ loop.index }} nulls last{% endfor %}

{%- endmacro %}
