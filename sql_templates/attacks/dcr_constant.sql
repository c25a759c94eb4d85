{#- One row: for each column, whether it is numeric and constant in `table` (its non-NULL values
    all equal: SDMetrics' range 0, compared as a category: equal 0, different 1). -#}
{% macro attacks_dcr_constant(table, columns, numeric) -%}
select {% for c in columns %}{% if numeric[loop.index0] %}coalesce(max(cast({{ sqlpriv.quote(c) }} as double)) = min(cast({{ sqlpriv.quote(c) }} as double)), false){% else %}false{% endif %} as {{ sqlpriv.quote("k" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
from {{ sqlpriv.quote(table) }}
{%- endmacro %}
