{#- The decimal precision floats are rounded to (docs/measures.md §4): the given one, or the most decimals
    (at most 10, as PETsARD formats them) of any float value of the original table. -#}
{% macro singling_out_precision(t, float_columns, numeric_precision, ori) -%}
{{ sqlpriv.create_temp_table(sqlpriv.quote(t.precision)) }}
{% if numeric_precision is not none %}
select {{ numeric_precision }}::integer as p
{% elif float_columns %}
select coalesce(max({{ sqlpriv.float_decimals("v") }}), 0)::integer as p
from (
{% for c in float_columns %}
    select {{ sqlpriv.quote(c) }}::double as v from {{ ori }}{{ " union all" if not loop.last }}
{% endfor %}
) where v is not null and {{ sqlpriv.finite("v") }}
{% else %}
select 0::integer as p
{% endif %}
{%- endmacro %}
