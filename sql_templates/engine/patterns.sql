{#- Distinct patterns of the analysed columns with their multiplicity w (plus optional extra keys). -#}
{% macro engine_patterns(extras, rows, words) -%}
select
{{ sqlpriv.engine_key_columns(words, extras) }}
    count(*)::bigint as w
from {{ rows }}
group by all
{%- endmacro %}
