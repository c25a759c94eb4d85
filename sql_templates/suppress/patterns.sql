{#- The distinct patterns of a local-suppression starting state `relation` (suppress/
    start.sql), in `pid` order: what the exact mode's integer program reads (an aggregate). -#}
{% macro suppress_patterns(relation) -%}
select *
from {{ relation }}
order by pid
{%- endmacro %}
