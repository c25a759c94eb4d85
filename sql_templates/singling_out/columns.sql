{#- One row per analysed column, in search order (distinct count in the synthetic table,
    descending): j, name, distinct non-NULL values in each table (PETsARD's nunique),
    and where its dictionary code sits in the packed key (word, mask). One select per column
    (Spark takes no subquery inside VALUES). -#}
{% macro singling_out_columns(t, columns) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.columns)) }}
{% for c in columns %}
select {{ loop.index0 }} as j, {{ sqlpriv.literal(c.name) }} as name,
    (select count(distinct {{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(t.syn) }}) as card_syn,
    (select count(distinct {{ sqlpriv.quote(c.name) }}) from {{ sqlpriv.quote(t.ori) }}) as card_ori,
    {{ c.word }} as word, {{ c.mask }}::bigint as mask{{ " union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
