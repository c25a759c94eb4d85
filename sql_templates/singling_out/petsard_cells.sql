{#- PETsARD parity mode, one chunk of sets: every synthetic cell of the sets whose base
    combination was not pruned (sets of size 1 have no base). Full counts: the entropy
    needs the whole distribution. -#}
{% macro singling_out_petsard_cells(t, hi, lo, size, words) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.cells)) }}
with l as (
    select s.*
    from (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi) }}
    ) as s
{% if size > 1 %}
    join {{ sqlpriv.quote(t.status) }} as b on b.sid = s.base
    where not b.is_pruned
{% endif %}
)
select l.sid{% for w in words %}, c.k{{ loop.index0 }} & l.m{{ loop.index0 }} as k{{ loop.index0 }}{% endfor %},
    count(*) as n, min(c.__sqlpriv_pos) as syn_idx
from {{ sqlpriv.quote(t.syn_codes) }} as c, l
group by all
{%- endmacro %}
