{#- The synthetic records not singled out so far (exhaustive mode: before the mask path is
    chosen, masks.sql). -#}
{% macro singling_out_left(t) -%}
select count(*)
from {{ sqlpriv.quote(t.syn_codes) }}
where __sqlpriv_pos not in (select syn_idx from {{ sqlpriv.quote(t.hits) }})
{%- endmacro %}
