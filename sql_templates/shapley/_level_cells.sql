{#- The shared cells of the subsets with `size` columns, which shapley/expand_shared.sql tests its
    candidates against: table `level_cells` (that level's cells alone), or else the cells table
    read at those subsets. -#}
{% macro shapley_level_cells(t, size, level_cells=none) -%}
{% if level_cells %}
select * from {{ sqlpriv.quote(level_cells) }}
{% else %}
select * from {{ sqlpriv.quote(t.cells) }}
where sid in (select sid from {{ sqlpriv.quote(t.bases) }} where size = {{ size }})
{% endif %}
{%- endmacro %}
