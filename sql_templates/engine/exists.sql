{#- Probe: fails unless the relation can be selected from. -#}
select * from {{ relation }} limit 0
