{#- The analysed rows' patterns packed on the fly, without a per-row codes table: per row its
    input position (and key), then each packed word, one join per column dictionary (as
    engine_encode does, without its guard or order). `columns` in dictionary order (anything
    with a `name`); `lo`/`hi` (input positions, hi exclusive) keep one chunk of the rows, so that
    a large per-row output is written, and sorted, chunk by chunk. The rows come in no
    particular order: the per-row outputs order them by position. Used by the Python plan's
    per-row outputs (shapley_per_row_values, the pif_row_select of information factors). -#}
{% macro engine_coded_rows(t, columns, key, words, lo=none, hi=none) -%}
select
    a.__sqlpriv_pos,
{% if key %}
    a.__sqlpriv_key,
{% endif %}
{% for word in words %}
    0{% for f in word %} + (d{{ f.j }}.code << {{ f.offset | int }}){% endfor %} as k{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.analysed) }} as a
{% for c in columns %}
join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on a.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
{% if lo is not none %}
where a.__sqlpriv_pos >= {{ lo | int }} and a.__sqlpriv_pos < {{ hi | int }}
{% endif %}
{%- endmacro %}
