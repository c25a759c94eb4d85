{#- FIG: per analysed column, the sum of the measure over all rows (patterns weighted by w). -#}
{% macro pif_fig(t, cols, measure) -%}
select {{ sqlpriv.quote("column") }}, fig
from (
{% for c in cols %}
    select {{ c.j }} as j, {{ sqlpriv.literal(c.name) }} as {{ sqlpriv.quote("column") }}, sum(p.w * {{ sqlpriv.pif_value(c, measure) }}) as fig
    from {{ sqlpriv.quote(t.pif_cells) }} as p
{% if measure == 'wcig' %}
    cross join (select weight as w{{ c.j }} from {{ sqlpriv.quote(t.pif_entropies) }} where j = {{ c.j }}) as e
{% endif %}
{{ "    union all" if not loop.last }}
{% endfor %}
)
order by j
{%- endmacro %}
