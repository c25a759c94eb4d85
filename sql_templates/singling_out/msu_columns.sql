{#- The analysed columns of a sample-uniques search: j, name, packed-key word and mask. -#}
create or replace temp table {{ t.columns | quote }} as
select * from (values
{% for j, w, mask in cols %}
    ({{ j }}, {{ columns[j].name | literal }}, {{ w }}, {{ mask }}::bigint){{ "," if not loop.last }}
{% endfor %}
) as v(j, name, word, mask)
