{#- The equivalence classes of `columns` smaller than k (the rows that break k-anonymity):
    one row per class with the columns' values under their own names and class_size (rows in
    the class), ordered by class_size, then the values (NULLs last). NULL is a value, as in
    every request figure (GROUP BY groups NULLs). What a dbt k-anonymity test returns as its
    failing rows; Python: sqlpriv.request.small_classes.
    source: a relation as SQL text; columns: a non-empty list of column names (output names);
    specs: the same columns as (name, expr) with expr checked by the sandbox (default: the
    columns themselves); k >= 1; size_name:
    the heading of the class size (pushed aside by the caller when a column is called class_size);
    entity (optional): a column whose distinct values the class size counts instead of rows.
    Grouped and ordered by position, so no column name can make GROUP BY or ORDER BY ambiguous. -#}
{% macro request_small_classes(source, columns, k, specs=none, size_name="class_size", entity=none) -%}
{% set size = "count(distinct " ~ sqlpriv.quote(entity) ~ ")" if entity else "count(*)" %}
select
{% if specs %}
{% for c in specs %}
    {{ c.expr }} as {{ sqlpriv.quote(c.name) }},
{% endfor %}
{% else %}
{% for c in columns %}
    {{ sqlpriv.quote(c) }},
{% endfor %}
{% endif %}
    {{ size }}::bigint as {{ sqlpriv.quote(size_name) }}
from {{ source }}
group by {% for c in columns %}{{ loop.index }}{{ ", " if not loop.last }}{% endfor %}

having {{ size }} < {{ sqlpriv.literal(k) }}
order by {{ columns | length + 1 }}{% for c in columns %}, {{ loop.index }} nulls last{% endfor %}

{%- endmacro %}
