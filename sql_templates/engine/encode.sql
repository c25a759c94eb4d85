{#- Each row's pattern packed into integer words: column j's code at its bit offset,
    in input order (so that subgroup levels can be attached by a positional join).
    The guard fails loudly if a dictionary outgrew the bits reserved for it (or a column
    planned as constant is not), so a stale printed script can never give wrong numbers.
    Without cardinalities (a single-statement chain, planned without looking at the data,
    one column per word) there is nothing to go stale and no guard. -#}
{% macro engine_encode(t, bits, cardinalities, columns, key, words, level=none) -%}
{% set guarded = cardinalities is not none %}
{% if guarded %}
with {{ sqlpriv.engine_dictionary_guard(t, bits, cardinalities, columns) }}
{% endif %}
select
    a.__sqlpriv_pos,
{% if key %}
    a.__sqlpriv_key,
{% endif %}
{% if level is not none %}
    a.__sqlpriv_level,
{% endif %}
{% for word in words %}
    {{ 'guard.ok' if guarded else '0' }}{% for f in word %} + (d{{ f.j }}.code << {{ f.offset }}){% endfor %} as k{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.analysed) }} as a
{% if guarded %}
cross join guard
{% endif %}
{% for c in columns %}
join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on a.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
{{ sqlpriv.keep_order("a.__sqlpriv_pos") }}
{%- endmacro %}
