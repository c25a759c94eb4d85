{#- Synthetic records not yet singled out by a smaller column set: the only ones a set of
    this size can add (a record singled out by a subset is never re-examined). -#}
{% macro singling_out_remaining(t, size) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.remaining)) }}
select c.*
from {{ sqlpriv.quote(t.syn_codes) }} as c
where c.__sqlpriv_pos not in (select syn_idx from {{ sqlpriv.quote(t.hits) }} where size < {{ size }})
{%- endmacro %}
