{#- Empty accumulators filled level by level; one statement per `part` (hits, stats, status). -#}
{% macro singling_out_tables(t, part) -%}
{% if part == "hits" %}
{{ sqlpriv.empty_table(sqlpriv.quote(t.hits), "syn_idx bigint, sid bigint, ori_idx bigint, size integer") }}
{% elif part == "stats" %}
{{ sqlpriv.empty_table(sqlpriv.quote(t.stats), "sid bigint, mpuccs_cnt bigint") }}
{% elif part == "status" %}
{{ sqlpriv.empty_table(sqlpriv.quote(t.status), "sid bigint, size integer, pruned_by_base boolean, cells bigint,\n    entropy double, entropy_gain double, is_pruned boolean") }}
{% endif %}
{%- endmacro %}
