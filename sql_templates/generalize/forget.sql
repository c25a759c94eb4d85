{#- Drop the stored classes of nodes too large to be worth a snapshot (ids: their node ids):
    generalize/classes.sql groups later nodes from smaller ones only. -#}
{% macro generalize_forget(classes, ids) -%}
delete from {{ sqlpriv.quote(classes) }} where node in ({% for i in ids %}{{ sqlpriv.literal(i) }}{{ ", " if not loop.last }}{% endfor %})
{%- endmacro %}
