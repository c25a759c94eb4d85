{#- The distinct value combinations of the analysed columns with their multiplicity __sqlpriv_w (an analysed column may be called w), grouped
    once from the analysed rows: the column dictionaries and the packed patterns are built from
    this table (one row per pattern) instead of from the rows again. -#}
{% macro engine_pattern_values(t, columns) -%}
select
{% for c in columns %}
    {{ sqlpriv.quote(c.name) }},
{% endfor %}
    count(*)::bigint as __sqlpriv_w
from {{ sqlpriv.quote(t.analysed) }}
group by all
{%- endmacro %}
