{#- Probe: the number of categories (classes, NULL included) of every single-column set of
    the class-size histogram t.sizes, as (j, k), for the identifier check. -#}
{% macro request_categories(t) -%}
select j, sum(classes)::bigint as k
from {{ sqlpriv.quote(t.sizes) }}
where j >= 0
group by j
{%- endmacro %}
