{#- A table with each row's 0-based input position `__pos` (the synthetic rows' tie rule and the
    targets' labels), its columns as they are. -#}
{% macro attacks_positioned(relation) -%}
select {{ sqlpriv.row_position() }} as __pos, * from {{ relation }}
{%- endmacro %}
