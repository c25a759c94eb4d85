{#- The select that ends every by() table (shapley_by, shapley_by_patterns): per level its size,
    share and mean values (and standard errors when sampled), from the CTEs `sizes` (level, n),
    `means` (level, phi<j>) and, when sampled, `errors` (level, se<j>); NULL levels last. -#}
{% macro shapley_by_select(columns, meta, sampled) -%}
select
    s.level as {{ sqlpriv.quote(meta.level) }},
    s.n as {{ sqlpriv.quote(meta.n) }},
    s.n / sum(s.n) over () as {{ sqlpriv.quote(meta.share) }},
{% for c in columns %}
    m.phi{{ loop.index0 }} / s.n as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last or sampled }}
{% endfor %}
{% if sampled %}
{% for c in columns %}
    e.se{{ loop.index0 }} as {{ sqlpriv.quote((c.name ~ "_se")) }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from sizes as s
join means as m on m.level is not distinct from s.level
{% if sampled %}
join errors as e on e.level is not distinct from s.level
{% endif %}
order by s.level nulls last
{%- endmacro %}
