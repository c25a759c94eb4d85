{#- One measure (cig, csf or wcig) per row, in input order: the row key, then one value per
    analysed column. -#}
{% macro pif_per_row(t, cols, key, key_name, measure, words, coded=false, lo=none, hi=none) -%}
select {{ sqlpriv.pif_row_columns(cols, key_name) }}
from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, coded=coded, lo=lo, hi=hi) }}
)
order by __sqlpriv_pos
{%- endmacro %}
