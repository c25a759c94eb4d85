{#- RIG per row, in input order: the row key and the row's sum of the measure over the
    analysed columns (as `rig_name`). -#}
{% macro pif_rig(t, cols, key, key_name, measure, words, rig_name, coded=false, lo=none, hi=none) -%}
select {{ sqlpriv.pif_row_columns(cols, key_name, rig_name, values=false) }}
from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, rig_name=rig_name, values=none, coded=coded, lo=lo, hi=hi) }}
)
order by __sqlpriv_pos
{%- endmacro %}
