{#- Which analysed columns determine which on the analysed rows: one row per column a with
    d<b> true when every value of a occurs with one value of column b (min = max of b within
    each value of a; d<a> itself is true). Then on every subset holding a, adding b leaves the
    cohorts unchanged (docs/measures.md §6). Read on the distinct patterns (the same pairs
    occur as on the rows): one grouping of the patterns per column, min and max only. -#}
{% macro shapley_functional_pairs(patterns, fields) -%}
with x as (
    select
{% for f in fields %}
        k{{ f.w | int }} & {{ sqlpriv.literal(f.mask) }} as x{{ f.j | int }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(patterns) }}
)
{% for a in fields %}
select
    {{ a.j | int }} as a,
{% for b in fields %}
    bool_and(d{{ b.j | int }}) as d{{ b.j | int }}{{ "," if not loop.last }}
{% endfor %}
from (
    select
{% for b in fields %}
        min(x{{ b.j | int }}) = max(x{{ b.j | int }}) as d{{ b.j | int }}{{ "," if not loop.last }}
{% endfor %}
    from x
    group by x{{ a.j | int }}
) as g
{% if not loop.last %}
union all
{% endif %}
{% endfor %}
{%- endmacro %}
