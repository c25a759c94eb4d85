{#- The distinct combinations of the quasi-identifiers' keys (k0, k1, ...: each value as text)
    with their row counts (cnt), read from the source once: what the hierarchy checks and the
    patterns read instead of scanning the source again (a file source is re-read by every query). -#}
{% macro generalize_keys(source, columns) -%}
select {% for column in columns %}{{ sqlpriv.generalize_key(column) }} as {{ sqlpriv.quote("k" ~ loop.index0) }}, {% endfor %}count(*) as cnt
from {{ source }}
group by {% for column in columns %}{{ sqlpriv.literal(loop.index) }}{{ ", " if not loop.last }}{% endfor %}
{%- endmacro %}
