{#- The DIS-SUDA table as sdcMicro's print.suda2 shows it: records per score band, the bands
    R's cut() makes with breaks -1, 0.0 .. 0.7 (+ machine epsilon) and Inf, right-closed. A
    record's band is the number of breaks i / 10 + eps (i = 0..7) its score exceeds; records
    with no MSU score 0. The records are counted here (the rows' codes `t.codes`, or with
    `entity` the (entity, pattern) units of su.entities), never a number fixed when the script
    was printed. -#}
{% macro singling_out_msu_dis_bands(t, su, entity=false) -%}
with bands(band, {{ sqlpriv.quote("interval") }}) as (
    values (0, '== 0'), (1, '(0.0, 0.1]'), (2, '(0.1, 0.2]'), (3, '(0.2, 0.3]'), (4, '(0.3, 0.4]'),
        (5, '(0.4, 0.5]'), (6, '(0.5, 0.6]'), (7, '(0.6, 0.7]'), (8, '> 0.7')
),
scored as (
    select {% for i in range(8) %}(case when s.dis_suda_score > {{ loop.index0 }}::double * 0.1::double + 2.220446049250313e-16::double then 1 else 0 end){{ " + " if not loop.last }}{% endfor %} as band
    from {{ sqlpriv.quote(su.scores) }} as s
),
counts as (
    select band, count(*) as records from scored group by band
),
unscored as (
{% if entity %}
    select (select coalesce(sum(entities), 0) from {{ sqlpriv.quote(su.entities) }})
{% else %}
    select (select count(*) from {{ sqlpriv.quote(t.codes) }})
{% endif %}
        - (select count(*) from {{ sqlpriv.quote(su.scores) }}) as records
)
select b.{{ sqlpriv.quote("interval") }},
    coalesce(c.records, 0) + case when b.band = 0 then (select records from unscored) else 0 end as records
from bands as b
left join counts as c on c.band = b.band
order by b.band
{%- endmacro %}
