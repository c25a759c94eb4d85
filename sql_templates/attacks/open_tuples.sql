{#- The target tuples whose neighbours are not found yet. -#}
{% macro attacks_open_tuples(tuples, found) -%}
select tid, cp from {{ sqlpriv.quote(tuples) }} where tid not in (select tid from {{ sqlpriv.quote(found) }})
{%- endmacro %}
