{#- Cohort cells of the full column set: the patterns themselves (plus extra keys). -#}
{% macro engine_cells_base(extras, full_sid, patterns, words) -%}
select
    {{ full_sid }}::bigint as sid,
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
{% for e in extras %}
    {{ e }},
{% endfor %}
    w as n
from {{ sqlpriv.quote(patterns) }}
{%- endmacro %}
