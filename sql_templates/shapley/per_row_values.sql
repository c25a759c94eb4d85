{#- Per-row Shapley values in input order without a per-row codes table: each analysed row's
    pattern is packed on the fly (one join per column dictionary, as engine_encode does), joined
    to the per-pattern values and put in input order by position, all in one statement.
    Same columns as shapley_per_row. `lo`/`hi` (input positions, hi exclusive) select one chunk
    of the rows: the Python plan writes a large output chunk by chunk, so that only one chunk
    is ever sorted. -#}
{% macro shapley_per_row_values(t, columns, key, key_name, sampled, words, lo=none, hi=none) -%}
with coded as (
    select
        a.__sqlpriv_pos,
{% if key %}
        a.__sqlpriv_key,
{% endif %}
{% for word in words %}
        0{% for f in word %} + (d{{ f.j }}.code << {{ f.offset }}){% endfor %} as k{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.analysed) }} as a
{% for c in columns %}
    join {{ sqlpriv.quote(t.dicts[loop.index0]) }} as d{{ loop.index0 }} on a.{{ sqlpriv.quote(c.name) }} is not distinct from d{{ loop.index0 }}.v
{% endfor %}
{% if lo is not none %}
    where a.__sqlpriv_pos >= {{ lo }} and a.__sqlpriv_pos < {{ hi }}
{% endif %}
)
select
    {{ sqlpriv.shapley_per_row_columns(columns, key, key_name, sampled) }}
from coded as r
left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by r.__sqlpriv_pos
{%- endmacro %}
