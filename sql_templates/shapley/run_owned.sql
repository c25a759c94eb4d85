{#- The prefixes that count the shared cells of a sampled lattice by sorted runs
    (shapley/run_cells.sql): one row per (order, prefix size k) for the prefix subsets the order
    owns, i.e. that no order with a smaller number also reaches (each visited subset is counted
    once, by its first order), with the subset (sid) and its key masks (m0, m1, ...). -#}
{% macro shapley_run_owned(t, words) -%}
with prefixes as (
    select perm, 0 as k, 0::bigint as sid from {{ sqlpriv.quote(t.steps) }} group by perm
    union all
    select perm, bit_count(after_sid)::integer as k, after_sid as sid from {{ sqlpriv.quote(t.steps) }}
)
select
    o.perm,
    o.k,
    o.sid,
{% for word in words %}
    l.m{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
from (
    select perm, k, sid from prefixes
    qualify row_number() over (partition by sid order by perm) = 1
) as o
join {{ sqlpriv.quote(t.lattice) }} as l on l.sid = o.sid
{%- endmacro %}
