{#- Every row of table `table`: the expansion's cells of one level (shapley/expand_cells.sql, kept
    in a table of their own for the next level's shared pairs) appended to the cells table. -#}
{% macro shapley_expand_copy(table) -%}
select * from {{ sqlpriv.quote(table) }}
{%- endmacro %}
