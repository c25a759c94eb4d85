{#- Probe for the progress line: records singled out so far and column sets pruned. -#}
{% macro singling_out_progress(t) -%}
select
    (select count(distinct syn_idx) from {{ sqlpriv.quote(t.hits) }}) as found,
    (select count(*) filter (where is_pruned) from {{ sqlpriv.quote(t.status) }}) as pruned
{%- endmacro %}
