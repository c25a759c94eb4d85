{#- The entropy lattice: every column subset with its joint entropy H(s) in bits. -#}
{% macro shapley_entropies(t, columns) -%}
{% set names = [] %}
{% for c in columns %}{% set _ = names.append(sqlpriv.literal(c.name)) %}{% endfor %}
with {{ sqlpriv.shapley_entropies_cte(t) }}
select
    {{ sqlpriv.subset_names(names, "e.sid") }} as columns,
    l.size,
    e.entropy
from entropies as e
join {{ sqlpriv.quote(t.lattice) }} as l using (sid)
order by l.size, e.sid
{%- endmacro %}
