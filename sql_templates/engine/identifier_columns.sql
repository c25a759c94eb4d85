{#- Probe: the columns that look like identifiers. `counts` is a query of (j, k): column j has
    k distinct values (engine/table_sizes.sql over the dictionaries, engine/distinct_counts.sql,
    request/categories.sql); a column is reported (j, k) when the table has at least
    `min_rows` rows (`n`) and k >= `share` * n: its values (nearly) all differ, so on its own
    it singles out (nearly) every row. -#}
{% macro engine_identifier_columns(counts, n, share, min_rows) -%}
select j, k
from ({{ counts }}) as counts (j, k)
where {{ sqlpriv.literal(n) }} >= {{ sqlpriv.literal(min_rows) }}
  and k >= {{ sqlpriv.literal(share) }} * {{ sqlpriv.literal(n) }}
order by j
{%- endmacro %}
