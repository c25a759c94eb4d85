{#- Per distinct pattern: its multiplicity w and, per column j, CIG (from j's leave-one-out
    cohort) and CSF = a * |p - q| = |p' - q| of the pattern's own value. A pattern whose cohort
    holds no other value of j is not in j's context table (left join misses) and takes the
    value's alone_cig / alone_csf. Rows sharing a pattern share these values; per-row outputs
    join them back. -#}
{% macro pif_cells(t, cols, words) -%}
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
    p.w,
{% for c in cols %}
    coalesce(g{{ c.j }}.cig, v{{ c.j }}.alone_cig) as cig{{ c.j }},
    coalesce({{ sqlpriv.literal(c.accuracy) }} * abs(p.w / g{{ c.j }}.nctx - v{{ c.j }}.q), v{{ c.j }}.alone_csf) as csf{{ c.j }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.patterns) }} as p
{% for c in cols %}
left join {{ sqlpriv.quote(t.pif_context[c.j]) }} as g{{ c.j }}
    on {% for word in words %}g{{ c.j }}.c{{ loop.index0 }} = {{ sqlpriv.pif_context_key(c, loop.index0, 'p.') }}{{ " and " if not loop.last }}{% endfor %}

join {{ sqlpriv.quote(t.pif_values) }} as v{{ c.j }} on v{{ c.j }}.j = {{ c.j }} and v{{ c.j }}.x = {{ sqlpriv.pif_code(c, 'p.') }}
{% endfor %}
{%- endmacro %}
