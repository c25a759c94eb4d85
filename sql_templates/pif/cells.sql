{#- Per distinct pattern: its multiplicity w and, per column j, CIG (from j's leave-one-out
    cohort) and CSF = a * |p - q| = |p' - q| of the pattern's own value. A pattern whose cohort
    holds no other value of j is not in j's context table (left join misses) and takes the
    value's alone_cig / alone_csf. Rows sharing a pattern share these values; per-row outputs
    join them back. -#}
{% from "pif/_common.sql" import code, context %}
create or replace temp table {{ t.pif_cells | quote }} as
select
{% for word in words %}
    p.k{{ loop.index0 }},
{% endfor %}
    p.w,
{% for c in cols %}
    coalesce(g{{ c.j }}.cig, v{{ c.j }}.alone_cig) as cig{{ c.j }},
    coalesce({{ c.accuracy | literal }} * abs(p.w / g{{ c.j }}.nctx - v{{ c.j }}.q), v{{ c.j }}.alone_csf) as csf{{ c.j }}{{ "," if not loop.last }}
{% endfor %}
from {{ t.patterns | quote }} as p
{% for c in cols %}
left join {{ t.pif_context[c.j] | quote }} as g{{ c.j }}
    on {% for word in words %}g{{ c.j }}.c{{ loop.index0 }} = {{ context(c, loop.index0, 'p.') }}{{ " and " if not loop.last }}{% endfor %}

join {{ t.pif_values | quote }} as v{{ c.j }} on v{{ c.j }}.j = {{ c.j }} and v{{ c.j }}.x = {{ code(c, 'p.') }}
{% endfor %}
