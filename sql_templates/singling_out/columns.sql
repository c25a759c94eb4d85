{#- One row per analysed column, in search order (distinct count in the synthetic table,
    descending): j, name, distinct non-NULL values in each table (PETsARD's nunique),
    and where its dictionary code sits in the packed key (word, mask). -#}
create or replace temp table {{ t.columns | quote }} as
select * from (values
{% for c in columns %}
    ({{ loop.index0 }}, {{ c.name | literal }},
     (select count(distinct {{ c.name | quote }}) from {{ t.syn | quote }}),
     (select count(distinct {{ c.name | quote }}) from {{ t.ori | quote }}),
     {{ c.word }}, {{ c.mask }}::bigint){{ "," if not loop.last }}
{% endfor %}
) as v(j, name, card_syn, card_ori, word, mask)
