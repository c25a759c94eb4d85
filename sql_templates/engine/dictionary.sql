{#- Dense integer codes (1..K) for the distinct values of one analysed column, NULL included. -#}
{% macro engine_dictionary(t, column) -%}
select v, {{ sqlpriv.row_number() }} as code
from (select distinct {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(t.analysed) }})
{%- endmacro %}
