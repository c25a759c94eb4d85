{#- Per-row Shapley values in input order without a per-row codes table: each analysed row's
    pattern is packed on the fly (engine_coded_rows), joined to the per-pattern values and put
    in input order by position, all in one statement.
    Same columns as shapley_per_row. `lo`/`hi` (input positions, hi exclusive) select one chunk
    of the rows: the Python plan writes a large output chunk by chunk, so that only one chunk
    is ever sorted. -#}
{% macro shapley_per_row_values(t, columns, key, key_name, sampled, words, lo=none, hi=none) -%}
with coded as (
{{ sqlpriv.engine_coded_rows(t, columns, key, words, lo=lo, hi=hi) }}
)
select
    {{ sqlpriv.shapley_per_row_columns(columns, key, key_name, sampled) }}
from coded as r
left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by r.__sqlpriv_pos
{%- endmacro %}
