{#- Per-row queries over one measure (cig, csf or wcig), rows in input order:
    mode 'cells': the row key, then one value per analysed column;
    mode 'rig':   the row key and RIG (the row's sum over columns);
    mode 'pif':   PIF_p, the p-th percentile of RIG (linear interpolation, as numpy);
    mode 'top':   the `limit` rows with the largest RIG, with their values;
    mode 'heatmap': per-cell values ordered by RIG (largest first); with `bins`, rows are cut
                  into that many consecutive groups by RIG rank and each cell is the group's maximum. -#}
{% macro pif_rows(t, bins, cols, fraction, key, key_name, limit, measure, mode, rig_name, words) -%}
{% set rig %}{% for c in cols %}{{ sqlpriv.pif_value(c, measure) }}{{ " + " if not loop.last }}{% endfor %}{% endset %}
{% if mode == 'pif' %}
select quantile_cont(rig, {{ sqlpriv.literal(fraction) }}) as pif
from (
{% elif mode == 'heatmap' and bins %}
select
    bin,
    count(*) as rows,
    max({{ sqlpriv.quote(rig_name) }}) as {{ sqlpriv.quote(rig_name) }},
{% for c in cols %}
    max({{ sqlpriv.quote(c.name) }}) as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
from (
    select *, ntile({{ bins }}) over (order by {{ sqlpriv.quote(rig_name) }} desc, {{ sqlpriv.quote(key_name) }}) as bin
    from (
{% endif %}
select
    r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ sqlpriv.quote(key_name) }},
{% if mode in ('rig', 'pif', 'top', 'heatmap') %}
    {{ rig }} as {{ sqlpriv.quote((rig_name if mode != 'pif' else 'rig')) }}{{ "," if mode in ('top', 'heatmap') }}
{% endif %}
{% if mode == 'top' %}
{% for c in cols %}
    a.{{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
{% if mode in ('cells', 'heatmap') %}
{% for c in cols %}
    {{ sqlpriv.pif_value(c, measure) }} as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from {{ sqlpriv.quote(t.codes) }} as r
join {{ sqlpriv.quote(t.pif_cells) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
{% if measure == 'wcig' %}
cross join (
    select
{% for c in cols %}
        max(weight) filter (where j = {{ c.j }}) as w{{ c.j }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.pif_entropies) }}
) as e
{% endif %}
{% if mode == 'top' %}
join {{ sqlpriv.quote(t.analysed) }} as a using (__sqlpriv_pos)
order by {{ sqlpriv.quote(rig_name) }} desc, r.__sqlpriv_pos
limit {{ limit }}
{% elif mode == 'heatmap' and bins %}
    )
)
group by bin
order by bin
{% elif mode == 'heatmap' %}
order by {{ sqlpriv.quote(rig_name) }} desc, r.__sqlpriv_pos
{% elif mode == 'pif' %}
)
{% else %}
order by r.__sqlpriv_pos
{% endif %}
{%- endmacro %}
