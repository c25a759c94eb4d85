{#- Probe: the number of rows of a table, view or source (orchestration reads it). -#}
select count(*) as n from {{ relation }}
