{#- Per input row: its minimal sample uniques (column lists, smallest first) and its SUDA and
    DIS-SUDA scores (su.scores, singling_out/msu_suda.sql; 0 for a row with no MSU). -#}
{% macro singling_out_msu_per_row(t, key, key_name, su, words) -%}
select
{% if key %}
    r.__sqlpriv_key as {{ sqlpriv.quote(key_name) }},
{% else %}
    r.__sqlpriv_pos as {{ sqlpriv.quote(key_name) }},
{% endif %}
    p.smallest_msu_size,
    coalesce(p.msu_count, 0) as msu_count,
    coalesce(p.msus, {{ sqlpriv.empty_text_lists() }}) as msus,
    coalesce(p.suda_score, 0.0::double) as suda_score,
    coalesce(p.dis_suda_score, 0.0::double) as dis_suda_score
from {{ sqlpriv.quote(t.codes) }} as r
left join {{ sqlpriv.quote(su.scores) }} as p on {% for w in words %}p.f{{ loop.index0 }} = r.k{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %} 
order by r.__sqlpriv_pos
{%- endmacro %}
