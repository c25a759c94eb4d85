{#- Dense integer codes (1..K) for the distinct values of one analysed column, NULL included (last),
    numbered in value order so that the codes do not depend on the order groups come in (read
    from the grouped values, engine_pattern_values, whose row order a parallel aggregate decides). -#}
{% macro engine_dictionary_sorted(relation, column) -%}
select v, row_number() over (order by v nulls last) as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(relation) }})
{%- endmacro %}
