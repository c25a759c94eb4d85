{#- FIG: per analysed column, the sum of the measure over all rows (patterns weighted by w). -#}
{% from "pif/_common.sql" import value %}
select "column", fig
from (
{% for c in cols %}
    select {{ c.j }} as j, {{ c.name | literal }} as "column", sum(p.w * {{ value(c, measure) }}) as fig
    from {{ t.pif_cells | quote }} as p
{% if measure == 'wcig' %}
    cross join (select weight as w{{ c.j }} from {{ t.pif_entropies | quote }} where j = {{ c.j }}) as e
{% endif %}
{{ "    union all" if not loop.last }}
{% endfor %}
)
order by j
