{#- Which analysed columns determine which on the analysed rows: one row with n<j>, the
    distinct values of column j, and p<a>_<b>, the distinct (a, b) value pairs, for every pair
    a < b in `pairs`. Column a determines b (every value of a occurs with one value of b) when
    p<a>_<b> = n<a>; then on every subset holding a, adding b leaves the cohorts unchanged
    (docs/measures.md §6). Read on the distinct patterns (the same pairs occur as on the rows). -#}
{% macro shapley_functional_pairs(patterns, fields, pairs) -%}
select
{% for f in fields %}
    count(distinct x{{ f.j | int }}) as n{{ f.j | int }},
{% endfor %}
{% for a, b in pairs %}
    count(distinct row(x{{ a | int }}, x{{ b | int }})) as p{{ a | int }}_{{ b | int }},
{% endfor %}
    count(*) as patterns
from (
    select
{% for f in fields %}
        k{{ f.w | int }} & {{ sqlpriv.literal(f.mask) }} as x{{ f.j | int }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(patterns) }}
) as p
{%- endmacro %}
