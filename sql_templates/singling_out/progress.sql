{#- Probe for the progress line: records singled out so far and column sets pruned. -#}
select
    (select count(distinct syn_idx) from {{ t.hits | quote }}) as found,
    (select count(*) filter (where is_pruned) from {{ t.status | quote }}) as pruned
