{#- Keep the shared cells (more than one member) of one level; singletons add nothing to
    entropies or log-counts (log2 1 = 0) and are dropped with the level table. -#}
{% if first %}
create or replace temp table {{ table | quote }} as
{% else %}
insert into {{ table | quote }}
{% endif %}
select * from {{ level_table | quote }} where n > 1
