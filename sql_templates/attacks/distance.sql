{#- anonymeter's mixed distance between rows `a` and `b` of two scaled tables: |a - b| per numeric
    column (already divided by its range), 1 per categorical column that differs (NULL equals
    NULL), 1 where both numeric values are NULL; NULL (an undefined distance, ranked after every
    defined one) where exactly one numeric value is NULL. -#}
{% macro attacks_distance(numeric, a="a", b="b") -%}
({% for flag in numeric -%}
{% if flag %}(case when {{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null and {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null then 1.0 else abs({{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} - {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }}) end){% else %}(case when {{ sqlpriv.not_distinct(sqlpriv.quote(a) ~ "." ~ sqlpriv.quote("c" ~ loop.index0), sqlpriv.quote(b) ~ "." ~ sqlpriv.quote("c" ~ loop.index0)) }} then 0.0 else 1.0 end){% endif %}{{ " + " if not loop.last }}
{%- endfor %})
{%- endmacro %}
