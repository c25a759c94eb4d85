{#- A table with each row's 0-based input position `__sqlpriv_pos` (the synthetic rows' tie rule and the
    targets' labels), its columns as they are. -#}
{% macro attacks_positioned(relation) -%}
select {{ sqlpriv.row_position() }} as __sqlpriv_pos, * from {{ relation }}
{%- endmacro %}
