{#- Probe: from the patterns table (distinct patterns of the analysed columns with their
    multiplicity w): rows n, rows unique on all analysed columns together, and the smallest
    class (the k-anonymity of the columns). -#}
{% macro engine_pattern_uniqueness(patterns) -%}
select
    sum(w)::bigint as n,
    coalesce(sum(w) filter (where w = 1), 0)::bigint as unique_rows,
    min(w)::bigint as smallest_class
from {{ patterns }}
{%- endmacro %}
