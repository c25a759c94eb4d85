{#- Distinct patterns of the analysed columns with their multiplicity w, packed into integer
    words from the grouped values (engine_pattern_values: one dictionary join per distinct
    pattern, not per row): the same table as engine_patterns over engine_encode's codes, without
    the per-row codes table. The Python plan uses it whenever no step needs the rows' codes in
    input order (single-statement chains keep engine_patterns). The guard is engine_encode's: it
    fails loudly if a dictionary outgrew the bits reserved for it.
    `unique`: the dictionaries carry each value's row count n (engine_dictionary's `counts`), and
    each pattern gets u, the bitmask of the columns whose value no other row shares (bit j when
    column j's value occurs once): what shapley/unique_columns.sql computes with one window per
    column over the patterns, read here from the dictionary rows the joins meet anyway. -#}
{% macro engine_patterns_grouped(t, bits, cardinalities, columns, words, unique=false) -%}
with {{ sqlpriv.engine_dictionary_guard(t, bits, cardinalities, columns) }}
select
{% for word in words %}
    guard.ok{% for f in word %} + {{ sqlpriv.shift_left("d" ~ f.j ~ ".code", f.offset) }}{% endfor %} as k{{ loop.index0 }},
{% endfor %}
    g.__sqlpriv_w as w{{ "," if unique }}
{% if unique %}
    (0{% for c in columns %} + case when d{{ loop.index0 }}.n = 1 then {{ 2 ** loop.index0 }} else 0 end{% endfor %})::bigint as u
{% endif %}
from {{ sqlpriv.quote(t["values"]) }} as g
cross join guard
{% for c in columns %}
join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on g.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
{%- endmacro %}
