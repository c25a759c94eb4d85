{#- The privacy profile's guard on its class sizes t.sizes (one statement of its step): an error
    when they hold no row, i.e. the table has no rows (or, with dropna, none without a NULL in a
    profiled column: only the set j = -2 of the rows before dropna is there), as every other
    measure refuses an empty table; otherwise one row, 0.
    `message`: the error, naming the table. -#}
{% macro request_profile_rows(t, message) -%}
select case when count(case when j >= 0 then 1 end) = 0 then error({{ sqlpriv.literal("sqlpriv: " ~ message) }}) else 0 end as ok
from {{ sqlpriv.quote(t.sizes) }}
{%- endmacro %}
