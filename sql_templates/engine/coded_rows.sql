{#- The analysed rows' patterns packed into integer words: per row its input position (and key,
    and subgroup level), then each packed word, column j's dictionary code at its bit offset, one
    join per column dictionary. `columns` in dictionary order (anything with a `name`). The rows
    come in no particular order. `guarded` adds the dictionary guard's `ok` (0, or an error) to
    every word: the caller defines the `guard` CTE (engine_encode). `lo`/`hi` (input positions,
    hi exclusive) keep one chunk of the rows, so that a large per-row output is written, and
    sorted, chunk by chunk. Used by engine_encode (the codes table or CTE, in input order) and,
    without a codes table, by the Python plan's per-row files (shapley_per_row_values,
    pif_row_select). -#}
{% macro engine_coded_rows(t, columns, key, words, level=none, guarded=false, lo=none, hi=none) -%}
select
    a.__sqlpriv_pos,
{% if key %}
    a.__sqlpriv_key,
{% endif %}
{% if level is not none %}
    a.__sqlpriv_level,
{% endif %}
{% for word in words %}
    {{ 'guard.ok' if guarded else '0' }}{% for f in word %} + {{ sqlpriv.shift_left("d" ~ f.j ~ ".code", f.offset | int) }}{% endfor %} as k{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.analysed) }} as a
{% if guarded %}
cross join guard
{% endif %}
{% for c in columns %}
join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on a.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
{% if lo is not none %}
where a.__sqlpriv_pos >= {{ lo | int }} and a.__sqlpriv_pos < {{ hi | int }}
{% endif %}
{%- endmacro %}
