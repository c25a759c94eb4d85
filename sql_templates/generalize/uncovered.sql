{#- The distinct values of one quasi-identifier (as text: generalize_key) that a table hierarchy
    does not list, in order, at most `limit` of them (none: all), with the rows holding each. keys:
    the hierarchy's values as text. The dbt model macro sqlpriv.generalize stops on them at compile
    time and the generic test sqlpriv_hierarchy_covers returns them; Python checks the same with
    generalize_check. -#}
{% macro generalize_uncovered(source, column, keys, limit=none) -%}
select {{ sqlpriv.generalize_key(column) }} as uncovered_value, count(*) as uncovered_rows
from {{ source }}
where {{ sqlpriv.generalize_key(column) }} not in ({% for key in keys %}{{ sqlpriv.literal(key | string) }}{{ ", " if not loop.last }}{% endfor %})
group by {{ sqlpriv.generalize_key(column) }}
order by 1
{% if limit is not none %}limit {{ sqlpriv.literal(limit) }}{% endif %}
{%- endmacro %}
