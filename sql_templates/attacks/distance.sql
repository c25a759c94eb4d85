{#- anonymeter's mixed distance between rows `a` and `b` of two scaled tables: |a - b| per numeric
    column (already divided by its range), 1 per categorical column that differs (NULL equals
    NULL), 1 where both numeric values are NULL; NULL (an undefined distance, ranked after every
    defined one) where exactly one numeric value is NULL. With `metric` "sdmetrics" (SDMetrics'
    DCR, summed here; the caller divides by the number of columns): a numeric difference is
    clipped at 1, both NULL is 0 and exactly one NULL is 1. `same_cats`: the rows are known to
    agree on every categorical column (level 0's pairs): each such term is the constant 0.0, the
    same sum to the last bit without comparing the values. `mask_of`: the alias of a row whose
    `mask` has bit j set where the two rows' categorical column j differ (their patterns' pair,
    attacks/level_pairs.sql): each term read from it, 0.0 or 1.0 as compared. -#}
{% macro attacks_distance(numeric, a="a", b="b", metric="anonymeter", same_cats=false, mask_of=none) -%}
({% for flag in numeric -%}
{% if flag and metric == "sdmetrics" %}(case when {{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null and {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null then 0.0 when {{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null or {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null then 1.0 else least(abs({{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} - {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }}), 1.0) end){% elif flag %}(case when {{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null and {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} is null then 1.0 else abs({{ sqlpriv.quote(a) }}.{{ sqlpriv.quote("c" ~ loop.index0) }} - {{ sqlpriv.quote(b) }}.{{ sqlpriv.quote("c" ~ loop.index0) }}) end){% elif same_cats %}0.0{% elif mask_of is not none %}cast(({{ sqlpriv.quote(mask_of) }}.mask >> {{ sqlpriv.literal(loop.index0) }}) & 1 as double){% else %}(case when {{ sqlpriv.not_distinct(sqlpriv.quote(a) ~ "." ~ sqlpriv.quote("c" ~ loop.index0), sqlpriv.quote(b) ~ "." ~ sqlpriv.quote("c" ~ loop.index0)) }} then 0.0 else 1.0 end){% endif %}{{ " + " if not loop.last }}
{%- endfor %})
{%- endmacro %}
