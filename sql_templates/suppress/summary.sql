{#- The cells local suppression blanked, per key (docs/measures.md, local suppression): one row per
    key of the final state `relation` (pid, s0.., o0.., mask, m), in the keys' order: the key's name,
    the cells suppressed (the rows whose mask has the key's bit; a cell NULL in the source is not
    counted) and their share of the rows. `keys`: the key column names (key j is bit j). -#}
{% macro suppress_summary(relation, keys) -%}
select key, suppressed, share
from (
{% for c in keys %}
select {{ sqlpriv.literal(c) }} as key, cast(sum(case when {{ sqlpriv.has_bit("mask", loop.index0) }} then m else 0 end) as bigint) as suppressed, cast(sum(case when {{ sqlpriv.has_bit("mask", loop.index0) }} then m else 0 end) as double) / sum(m) as share, {{ loop.index0 }} as __sqlpriv_order
from {{ relation }}
{{ "union all" if not loop.last }}
{% endfor %}
) as t
order by __sqlpriv_order
{%- endmacro %}
