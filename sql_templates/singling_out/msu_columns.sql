{#- The analysed columns of a sample-uniques search: j, name, packed-key word and mask. -#}
{% macro singling_out_msu_columns(t, cols, columns) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.columns)) }}
select * from (values
{% for j, w, mask in cols %}
    ({{ j }}, {{ sqlpriv.literal(columns[j].name) }}, {{ w }}, {{ mask }}::bigint){{ "," if not loop.last }}
{% endfor %}
) as v(j, name, word, mask)
{%- endmacro %}
