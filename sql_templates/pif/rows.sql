{#- Per-row queries over one measure (cig, csf or wcig), rows in input order:
    mode 'cells': the row key, then one value per analysed column;
    mode 'rig':   the row key and RIG (the row's sum over columns);
    mode 'pif':   PIF_p, the p-th percentile of RIG (linear interpolation, as numpy);
    mode 'top':   the `limit` rows with the largest RIG, with their values;
    mode 'heatmap': per-cell values ordered by RIG (largest first); with `bins`, rows are cut
                  into that many consecutive groups by RIG rank and each cell is the group's maximum. -#}
{% from "pif/_common.sql" import value %}
{% set rig %}{% for c in cols %}{{ value(c, measure) }}{{ " + " if not loop.last }}{% endfor %}{% endset %}
{% if mode == 'pif' %}
select quantile_cont(rig, {{ fraction | literal }}) as pif
from (
{% elif mode == 'heatmap' and bins %}
select
    bin,
    count(*) as rows,
    max({{ rig_name | quote }}) as {{ rig_name | quote }},
{% for c in cols %}
    max({{ c.name | quote }}) as {{ c.name | quote }}{{ "," if not loop.last }}
{% endfor %}
from (
    select *, ntile({{ bins }}) over (order by {{ rig_name | quote }} desc, {{ key_name | quote }}) as bin
    from (
{% endif %}
select
    r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ key_name | quote }},
{% if mode in ('rig', 'pif', 'top', 'heatmap') %}
    {{ rig }} as {{ (rig_name if mode != 'pif' else 'rig') | quote }}{{ "," if mode in ('top', 'heatmap') }}
{% endif %}
{% if mode == 'top' %}
{% for c in cols %}
    a.{{ c.name | quote }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
{% if mode in ('cells', 'heatmap') %}
{% for c in cols %}
    {{ value(c, measure) }} as {{ c.name | quote }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from {{ t.codes | quote }} as r
join {{ t.pif_cells | quote }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
{% if measure == 'wcig' %}
cross join (
    select
{% for c in cols %}
        max(weight) filter (where j = {{ c.j }}) as w{{ c.j }}{{ "," if not loop.last }}
{% endfor %}
    from {{ t.pif_entropies | quote }}
) as e
{% endif %}
{% if mode == 'top' %}
join {{ t.analysed | quote }} as a using (__sqlpriv_pos)
order by {{ rig_name | quote }} desc, r.__sqlpriv_pos
limit {{ limit }}
{% elif mode == 'heatmap' and bins %}
    )
)
group by bin
order by bin
{% elif mode == 'heatmap' %}
order by {{ rig_name | quote }} desc, r.__sqlpriv_pos
{% elif mode == 'pif' %}
)
{% else %}
order by r.__sqlpriv_pos
{% endif %}
