{#- One row per examined column set, in search order (docs/measures.md §4 tree). -#}
{% macro singling_out_tree(t) -%}
select check_order, field_combo, combo_size, is_pruned, mpuccs_cnt, mpuccs_collision_cnt,
    baseline_protection, overall_protection, entropy, entropy_gain, field_weight, weighted_collision
from {{ sqlpriv.quote(t.combos) }}
order by check_order
{%- endmacro %}
