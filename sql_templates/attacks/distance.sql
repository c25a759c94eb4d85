{#- anonymeter's mixed distance between rows `a` and `b` of two scaled tables: |a - b| per numeric
    column (already divided by its range), 1 per categorical column that differs (NULL equals
    NULL), 1 where both numeric values are NULL; NULL (an undefined distance, ranked after every
    defined one) where exactly one numeric value is NULL. -#}
{% macro attacks_distance(numeric, a="a", b="b") -%}
({% for flag in numeric -%}
{%- set x = sqlpriv.quote(a) ~ "." ~ sqlpriv.quote("c" ~ loop.index0) -%}
{%- set y = sqlpriv.quote(b) ~ "." ~ sqlpriv.quote("c" ~ loop.index0) -%}
{% if flag %}(case when {{ x }} is null and {{ y }} is null then 1.0 else abs({{ x }} - {{ y }}) end){% else %}(case when {{ sqlpriv.not_distinct(x, y) }} then 0.0 else 1.0 end){% endif %}{{ " + " if not loop.last }}
{%- endfor %})
{%- endmacro %}
