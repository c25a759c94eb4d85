{#- Empty accumulators filled level by level. -#}
create or replace temp table {{ t.hits | quote }} (syn_idx bigint, sid bigint, ori_idx bigint, size integer);
create or replace temp table {{ t.stats | quote }} (sid bigint, mpuccs_cnt bigint);
create or replace temp table {{ t.status | quote }} (sid bigint, size integer, pruned_by_base boolean, cells bigint,
    entropy double, entropy_gain double, is_pruned boolean)
