{#- Per-row Shapley values in input order: the row key, then one column per analysed column. -#}
{% macro shapley_per_row(t, columns, key, key_name, sampled, words) -%}
select
    {{ sqlpriv.shapley_per_row_columns(columns, key, key_name, sampled) }}
from {{ sqlpriv.quote(t.codes) }} as r
left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
order by r.__sqlpriv_pos
{%- endmacro %}
