{#- Heatmap input: the row key, RIG (as `rig_name`) and per-cell values, largest RIG first.
    With `bins`, the rows are cut into that many consecutive groups by RIG rank and each cell
    is the group's maximum (columns bin, rows, rig, then the analysed columns). -#}
{% macro pif_heatmap(t, cols, key, key_name, measure, words, rig_name, bins=none) -%}
{% if bins %}
select
    bin,
    count(*) as rows,
    max({{ sqlpriv.quote(rig_name) }}) as {{ sqlpriv.quote(rig_name) }},
{% for c in cols %}
    max({{ sqlpriv.quote(c.name) }}) as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
from (
    select *, ntile({{ sqlpriv.literal(bins) }}) over (order by {{ sqlpriv.quote(rig_name) }} desc, {{ sqlpriv.quote(key_name) }}) as bin
    from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, rig_name=rig_name) }}
    )
)
group by bin
order by bin
{% else %}
select {{ sqlpriv.pif_row_columns(cols, key_name, rig_name) }}
from (
{{ sqlpriv.pif_row_select(t, cols, key, key_name, measure, words, rig_name=rig_name) }}
)
order by {{ sqlpriv.quote(rig_name) }} desc, __sqlpriv_pos
{% endif %}
{%- endmacro %}
