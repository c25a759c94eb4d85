{#- One row per identified synthetic record (docs/measures.md §4 details). Risk level: high when its set has
    at most 2 columns or the set's protection ratio (overall_protection in the tree) is below
    0.3; medium for 3-4 columns or a ratio below 0.7; low otherwise. -#}
{% macro singling_out_details(t, calculate_baseline, columns) -%}
with names as (
    select list(name order by j) as items from {{ sqlpriv.quote(t.columns) }}
)
select
    case when c.combo_size <= 2 {{ "or c.overall_protection < 0.3" if calculate_baseline }} then 'high'
         when c.combo_size <= 4 {{ "or c.overall_protection < 0.7" if calculate_baseline }} then 'medium'
         else 'low' end as risk_level,
    i.syn_idx,
    i.ori_idx,
    c.combo_size,
    c.field_combo,
    sqlpriv_so_set_items(i.sid, [{% for c in columns %}s.{{ sqlpriv.quote(c.name) }}::varchar{{ ", " if not loop.last }}{% endfor %}]) as value_combo,
    c.baseline_protection,
    len(i.minimal_sets) as n_minimal_sets,
    i.minimal_sets,
    s.__sqlpriv_row as syn_row,
    o.__sqlpriv_row as ori_row
from {{ sqlpriv.quote(t.identified) }} as i
join {{ sqlpriv.quote(t.combos) }} as c on c.sid = i.sid
join {{ sqlpriv.quote(t.syn) }} as s on s.__sqlpriv_pos = i.syn_idx
join {{ sqlpriv.quote(t.ori) }} as o on o.__sqlpriv_pos = i.ori_idx
order by i.syn_idx
{%- endmacro %}
