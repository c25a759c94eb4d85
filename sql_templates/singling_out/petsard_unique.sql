{#- PETsARD parity mode: the synthetic-unique cells of the sets of the chunk that were not pruned. -#}
{% macro singling_out_petsard_unique(t, words) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.unique)) }}
select c.sid{% for w in words %}, c.k{{ loop.index0 }}{% endfor %}, c.syn_idx
from {{ sqlpriv.quote(t.cells) }} as c
join {{ sqlpriv.quote(t.status) }} as s on s.sid = c.sid
where c.n = 1 and not s.is_pruned
{%- endmacro %}
