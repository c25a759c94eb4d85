{#- One row per identified synthetic record (docs/measures.md §4 details). Risk level: high when its set has
    at most 2 columns or the set's protection ratio (overall_protection in the tree) is below
    0.3; medium for 3-4 columns or a ratio below 0.7; low otherwise. -#}
{% macro singling_out_details(t, calculate_baseline, columns) -%}
{% set values = [] %}
{% for c in columns %}{% if values.append('s.' ~ sqlpriv.quote(c.name) ~ '::' ~ sqlpriv.text_type()) %}{% endif %}{% endfor %}
with names as (
    select {{ sqlpriv.ordered_list("name", "j") }} as items from {{ sqlpriv.quote(t.columns) }}
)
select
    case when c.combo_size <= 2 {{ "or c.overall_protection < 0.3" if calculate_baseline }} then 'high'
         when c.combo_size <= 4 {{ "or c.overall_protection < 0.7" if calculate_baseline }} then 'medium'
         else 'low' end as risk_level,
    i.syn_idx,
    i.ori_idx,
    c.combo_size,
    c.field_combo,
    {{ sqlpriv.set_items("i.sid", sqlpriv.list_of(values)) }} as value_combo,
    c.baseline_protection,
    {{ sqlpriv.list_size("i.minimal_sets") }} as n_minimal_sets,
    i.minimal_sets,
    s.__sqlpriv_row as syn_row,
    o.__sqlpriv_row as ori_row
from {{ sqlpriv.quote(t.identified) }} as i
join {{ sqlpriv.quote(t.combos) }} as c on c.sid = i.sid
join {{ sqlpriv.quote(t.syn) }} as s on s.__sqlpriv_pos = i.syn_idx
join {{ sqlpriv.quote(t.ori) }} as o on o.__sqlpriv_pos = i.ori_idx
order by i.syn_idx
{%- endmacro %}
