{#- With `entity` (sample_uniques(entity=...)): per pattern of the analysed columns, the smallest
    and largest entity among its rows and its number of distinct entities (the rows' codes carry
    the entity as __sqlpriv_key). A cell of a column set holds one entity exactly when the
    smallest entity of its patterns equals the largest (singling_out/msu_level.sql). -#}
{% macro singling_out_msu_entities(t, su, words) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(su.entities)) }}
select {% for w in words %}k{{ loop.index0 }}, {% endfor %}
    min(__sqlpriv_key) as emin,
    max(__sqlpriv_key) as emax,
    count(distinct __sqlpriv_key) as entities,
    count(*) as w,
    count(*) - count(__sqlpriv_key) as nulls
from {{ sqlpriv.quote(t.codes) }}
group by all
{%- endmacro %}
