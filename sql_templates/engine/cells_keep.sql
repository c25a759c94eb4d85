{#- Keep the shared cells (more than one member) of one level; singletons add nothing to
    entropies or log-counts (log2 1 = 0) and are dropped with the level table. -#}
{% macro engine_cells_keep(level_table) -%}
select * from {{ sqlpriv.quote(level_table) }} where n > 1
{%- endmacro %}
