{#- Per-row Shapley values in input order: the row key, then one column per analysed column. -#}
{% macro shapley_per_row(t, columns, key, key_name, sampled, words) -%}
select
    r.{{ "__sqlpriv_key" if key else "__sqlpriv_pos" }} as {{ sqlpriv.quote(key_name) }},
{% for c in columns %}
    coalesce(p.phi{{ loop.index0 }}, 0) as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last or sampled }}
{% endfor %}
{% if sampled %}
{% for c in columns %}
    coalesce(p.se{{ loop.index0 }}, 0) as {{ sqlpriv.quote((c.name ~ "_se")) }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from {{ sqlpriv.quote(t.codes) }} as r
left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by r.__sqlpriv_pos
{%- endmacro %}
