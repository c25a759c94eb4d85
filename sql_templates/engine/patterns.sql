{#- Distinct patterns of the analysed columns with their multiplicity w (plus optional extra keys). -#}
{% macro engine_patterns(extras, rows, words) -%}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    {{ e }},
{% endfor %}
    count(*)::bigint as w
from {{ rows }}
group by all
{%- endmacro %}
