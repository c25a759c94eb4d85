{#- PIF_p: the p-th percentile (`fraction` = p / 100) of RIG, linear interpolation as numpy's
    default. -#}
{% macro pif_percentile(t, cols, key, key_name, measure, words, fraction) -%}
select {{ sqlpriv.quantile_cont("rig", sqlpriv.literal(fraction)) }} as pif
from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, rig_name="rig", values=none) }}
)
{%- endmacro %}
