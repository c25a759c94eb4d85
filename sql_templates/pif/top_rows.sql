{#- The `limit` rows with the largest RIG: the row key, RIG (as `rig_name`), and the row's
    analysed values; ties in input order. -#}
{% macro pif_top_rows(t, cols, key, key_name, measure, words, rig_name, limit) -%}
select {{ sqlpriv.pif_row_columns(cols, key_name, rig_name) }}
from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, rig_name=rig_name, values='analysed') }}
)
order by {{ sqlpriv.quote(rig_name) }} desc, __sqlpriv_pos
limit {{ sqlpriv.literal(limit) }}
{%- endmacro %}
