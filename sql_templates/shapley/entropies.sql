{#- The entropy lattice: every column subset with its joint entropy H(s) in bits. -#}
{% macro shapley_entropies(t, columns) -%}
with {{ sqlpriv.shapley_entropies_cte(t) }}
select
    list_filter([{% for c in columns %}{{ sqlpriv.literal(c.name) }}{{ ", " if not loop.last }}{% endfor %}],
                lambda x, i: sqlpriv_has_bit(e.sid, i - 1)) as columns,
    l.size,
    e.entropy
from entropies as e
join {{ sqlpriv.quote(t.lattice) }} as l using (sid)
order by l.size, e.sid
{%- endmacro %}
