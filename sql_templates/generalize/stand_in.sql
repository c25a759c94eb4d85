{#- The distinct patterns collected from a large engine (Spark: generalize/keys.sql, columns k0,
    k1, ... and cnt) under the quasi-identifiers' own names, one row per pattern: what the
    hierarchy checks read as if it were the source (they look at distinct values, not counts). -#}
{% macro generalize_stand_in(keys, columns) -%}
select {% for column in columns %}{{ sqlpriv.quote("k" ~ loop.index0) }} as {{ sqlpriv.quote(column) }}{{ ", " if not loop.last }}{% endfor %}
from {{ sqlpriv.quote(keys) }}
{%- endmacro %}
