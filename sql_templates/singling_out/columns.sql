{#- One row per analysed column, in search order (distinct count in the synthetic table,
    descending): j, name, distinct non-NULL values in each table (PETsARD's nunique),
    and where its dictionary code sits in the packed key (word, mask). -#}
{% macro singling_out_columns(t, columns) -%}
create or replace temp table {{ sqlpriv.quote(t.columns) }} as
select * from (values
{% for c in columns %}
    ({{ loop.index0 }}, {{ sqlpriv.literal(c.name) }},
     (select count(distinct {{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(t.syn) }}),
     (select count(distinct {{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(t.ori) }}),
     {{ c.word }}, {{ c.mask }}::bigint){{ "," if not loop.last }}
{% endfor %}
) as v(j, name, card_syn, card_ori, word, mask)
{%- endmacro %}
