{#- The distinct patterns of a local-suppression starting state `relation` (suppress/
    start.sql), in `pid` order: what the exact mode's integer program reads (an aggregate);
    `limit`: at most that many (whether the program is small enough is known from the first few). -#}
{% macro suppress_patterns(relation, limit=none) -%}
select *
from {{ relation }}
order by pid
{% if limit is not none %}
limit {{ sqlpriv.literal(limit) }}
{% endif %}
{%- endmacro %}
