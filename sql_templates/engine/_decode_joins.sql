{#- The joins that decode plain analysed columns from packed words: per column `c` of `columns`
    (cohorts.field_specs entries), its dictionary `d<j>` joined on the code read from the packed
    word of the patterns `p` (p.k<word>), or with `sums=true` of the per-key sums `s`
    (s.__sqlpriv_k<word>); shared by engine_decoded_patterns and shapley_by_patterns. Every code
    has its dictionary row, so left joins keep every row. -#}
{% macro engine_decode_joins(t, columns, sums=false) -%}
{% for c in columns %}
left join {{ sqlpriv.quote(t.dicts[c.j]) }} as d{{ c.j }}
    on d{{ c.j }}.code = ({{ "s.__sqlpriv_k" if sums else "p.k" }}{{ c.word | int }} >> {{ c.offset | int }}) & {{ c.field_mask | int }}
{% endfor %}
{%- endmacro %}
