{#- The released table of local suppression (docs/measures.md, local suppression): every row of
    `source` in input order with every source column (`columns`, names), a key's cell NULL where
    the row's final mask has the key's bit. The rows of one stratum and original pattern are
    numbered in input order and take the masks of the final state `relation` (pid, s0.., o0..,
    mask, m) in turn (m rows each, masks in ascending order): one mask per pattern with the
    greedy rounds, several with the exact mode. `keys`: the key column names (key j is bit j);
    `strata`: the strata column names. `output`: "release" (the table) or "per_row" (row, the
    count of suppressed cells). -#}
{% macro suppress_release(source, relation, columns, keys, strata, output="release") -%}
with x0 as (
    select src.*, {{ sqlpriv.row_position() }} as __sqlpriv_pos
    from {{ source }} as src
),
x as (
    select
        x0.*,
        row_number() over (partition by {% for s in strata %}{{ sqlpriv.quote(s) }}, {% endfor %}{% for c in keys %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %} order by __sqlpriv_pos) - 1 as __sqlpriv_rn
    from x0
),
a as (
    select st.*, sum(st.m) over (partition by st.pid order by st.mask rows between unbounded preceding and current row) - st.m as __sqlpriv_lo
    from {{ relation }} as st
),
y as (
    select x.*, a.mask as __sqlpriv_mask
    from x
    join a
    on {% for s in strata %}x.{{ sqlpriv.quote(s) }} is not distinct from a.{{ sqlpriv.quote("s" ~ loop.index0) }} and {% endfor %}{% for c in keys %}x.{{ sqlpriv.quote(c) }} is not distinct from a.{{ sqlpriv.quote("o" ~ loop.index0) }} and {% endfor %}x.__sqlpriv_rn >= a.__sqlpriv_lo and x.__sqlpriv_rn < a.__sqlpriv_lo + a.m
)
select
{% if output == "per_row" %}
    __sqlpriv_pos as {{ sqlpriv.quote("row") }},
    {% for c in keys %}(case when {{ sqlpriv.has_bit("__sqlpriv_mask", loop.index0) }} then 1 else 0 end){{ " + " if not loop.last }}{% endfor %} as suppressed
{% else %}
{% for c in columns %}
{% if c in keys %}
{% set j = keys.index(c) %}
    case when {{ sqlpriv.has_bit("__sqlpriv_mask", j) }} then null else {{ sqlpriv.quote(c) }} end as {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% else %}
    {{ sqlpriv.quote(c) }}{{ "," if not loop.last }}
{% endif %}
{% endfor %}
{% endif %}
from y
order by __sqlpriv_pos
{%- endmacro %}
