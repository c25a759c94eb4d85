{#- The distinct combinations of the quasi-identifiers' keys (k0, k1, ...: each value as text),
    read from the source once: what the hierarchy checks read instead of scanning the source once
    per column (a file source is re-read by every query). -#}
{% macro generalize_keys(source, columns) -%}
select distinct {% for column in columns %}{{ sqlpriv.generalize_key(column) }} as {{ sqlpriv.quote("k" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
from {{ source }}
{%- endmacro %}
