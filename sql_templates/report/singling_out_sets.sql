{#- The column sets that single out the most synthetic records (minimal sets of the details
    query, counted per set): field_combo, combo_size, records. -#}
{% macro report_singling_out_sets(details, limit) -%}
select
    field_combo,
    any_value(combo_size) as combo_size,
    count(*)::bigint as records
from (
{{ details }}
)
group by field_combo
order by records desc, combo_size, field_combo
limit {{ limit | int }}
{%- endmacro %}
