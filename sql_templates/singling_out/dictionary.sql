{#- Dense codes 1..K for the distinct values of one column over BOTH tables (NULL included,
    so that NULL matches NULL), shared so packed keys compare across tables. -#}
{% macro singling_out_dictionary(t, column, dict_table) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(dict_table)) }}
select v, {{ sqlpriv.row_number() }} as code
from (
    select {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(t.ori) }}
    union
    select {{ sqlpriv.quote(column) }} as v from {{ sqlpriv.quote(t.syn) }}
)
{%- endmacro %}
