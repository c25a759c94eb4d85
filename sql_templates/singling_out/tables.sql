{#- Empty accumulators filled level by level. -#}
{% macro singling_out_tables(t) -%}
create or replace temp table {{ sqlpriv.quote(t.hits) }} (syn_idx bigint, sid bigint, ori_idx bigint, size integer);
create or replace temp table {{ sqlpriv.quote(t.stats) }} (sid bigint, mpuccs_cnt bigint);
create or replace temp table {{ sqlpriv.quote(t.status) }} (sid bigint, size integer, pruned_by_base boolean, cells bigint,
    entropy double, entropy_gain double, is_pruned boolean)
{%- endmacro %}
