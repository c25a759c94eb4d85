{#- A suppression="cells" release as written, read back before it is renamed into place
    (docs/measures.md §7, "Cells instead of records"): its smallest wildcard class (a NULL matches
    any value, suppress/sizes.sql over the file's distinct patterns) and its rows, so that a file
    that is not k-anonymous under wildcard semantics, or holds other rows than the search measured,
    is never released. relation: the written file's reader call (engine/read_written.sql). -#}
{% macro generalize_cells_verify(relation, qis) -%}
{% set patterns -%}
(select {% for q in qis %}{{ sqlpriv.quote(q) }} as {{ sqlpriv.quote("o" ~ loop.index0) }}, {% endfor %}cast(0 as bigint) as mask, count(*) as m
 from {{ relation }} group by {% for q in qis %}{{ sqlpriv.quote(q) }}{{ ", " if not loop.last }}{% endfor %})
{%- endset %}
select min(f) as smallest, coalesce(sum(m), 0) as "rows" from (
{{ sqlpriv.suppress_sizes(patterns, range(qis | length) | list, 0) | indent(2, true) }}
) as t
{%- endmacro %}
