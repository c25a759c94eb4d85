{#- The distinct values of one column of `relation` as text (NULL stays NULL): what a
    t-closeness hierarchy's leaves are matched against (disclosure_column_ctes casts the same
    way). -#}
{% macro disclosure_values(relation, column) -%}
select distinct cast({{ sqlpriv.quote(column) }} as {{ sqlpriv.text_type() }}) as v
from {{ relation }}
{%- endmacro %}
