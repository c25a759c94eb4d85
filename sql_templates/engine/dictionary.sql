{#- Dense integer codes (1..K) for the distinct values of one analysed column, NULL included.
    From the analysed rows (single statements): numbered in input order. From `relation`, the
    grouped values (engine_pattern_values, whose row order a parallel aggregate decides):
    numbered in value order, NULL last, so that the codes do not depend on that order. -#}
{% macro engine_dictionary(t, column, relation=none) -%}
{% if relation is none %}
select v, {{ sqlpriv.row_number() }} as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(t.analysed) }})
{%- else %}
select v, row_number() over (order by v nulls last) as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(relation) }})
{%- endif %}
{%- endmacro %}
