{#- The targets of several attacks searched in one pass: each table's rows tagged `__sqlpriv_g`
    with its index in `tables` (0: the main attack, 1: the control attack). -#}
{% macro attacks_tagged(tables) -%}
{% for t in tables %}select {{ sqlpriv.literal(loop.index0) }} as __sqlpriv_g, * from {{ sqlpriv.quote(t) }}{{ " union all " if not loop.last }}{% endfor %}
{%- endmacro %}
