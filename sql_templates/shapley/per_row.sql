{#- Per-row Shapley values in input order: the row key, then one column per analysed column. -#}
select
    r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ key_name | quote }},
{% for c in columns %}
    coalesce(p.phi{{ loop.index0 }}, 0) as {{ c.name | quote }}{{ "," if not loop.last or sampled }}
{% endfor %}
{% if sampled %}
{% for c in columns %}
    coalesce(p.se{{ loop.index0 }}, 0) as {{ (c.name ~ "_se") | quote }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from {{ t.codes | quote }} as r
left join {{ t.phi | quote }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by r.__sqlpriv_pos
