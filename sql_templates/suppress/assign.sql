{#- The exact mode's final state of local suppression (docs/measures.md, local suppression): the
    assignment the integer program chose, `values` (pid, mask, rows: numbers only), joined with the
    starting state `relation` for each pattern's strata and key values (`ns` strata, `nk` keys). -#}
{% macro suppress_assign(relation, values, ns, nk) -%}
select
    st.pid,
{% for i in range(ns) %}
    st.{{ sqlpriv.quote("s" ~ i) }},
{% endfor %}
{% for j in range(nk) %}
    st.{{ sqlpriv.quote("o" ~ j) }},
{% endfor %}
    e.mask,
    e.m
from {{ relation }} as st
join (
    values
{% for pid, mask, m in values %}
        ({{ sqlpriv.literal(pid) }}, cast({{ sqlpriv.literal(mask) }} as bigint), cast({{ sqlpriv.literal(m) }} as bigint)){{ "," if not loop.last }}
{% endfor %}
) as e(pid, mask, m)
on st.pid = e.pid
{%- endmacro %}
