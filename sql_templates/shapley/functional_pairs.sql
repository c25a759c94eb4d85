{#- Which analysed columns determine which on the analysed rows: one row per column a with
    d<b> true when every value of a occurs with one value of column b (d<a> itself is true).
    Then on every subset holding a, adding b leaves the cohorts unchanged (docs/measures.md §6).
    Read on the distinct patterns (the same pairs occur as on the rows), in one grouping: each
    pattern once per column a (the columns as a list of (a, word, mask) rows), grouped by a and
    its value of a, with bit_or and bit_and of every key word. Within a group, the bits where
    they differ (xor) are the bits that vary; b's value is the same throughout the group iff none
    of b's bits varies (two different codes differ in some bit), so a determines b iff no group
    of a has a varying bit under b's mask. One statement with a few aggregates: about 8 ms on UCI
    adult against 43 ms for one grouping per column with min and max of every other column
    (benchmarks/RESULTS.md, session shp8). -#}
{% macro shapley_functional_pairs(patterns, fields) -%}
{% set words = (fields | map(attribute="w") | max) + 1 if fields else 0 %}
with varying as (
    select
        f.a,
{% for w in range(words) %}
        {{ sqlpriv.xor("bit_or(p.k" ~ w ~ ")", "bit_and(p.k" ~ w ~ ")") }} as x{{ w }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(patterns) }} as p
    cross join (
        values
{% for f in fields %}
        ({{ f.j | int }}, {{ f.w | int }}, {{ sqlpriv.literal(f.mask) }}){{ "," if not loop.last }}
{% endfor %}
    ) as f(a, w, mask)
    group by f.a, case f.w{% for w in range(words) %} when {{ w }} then p.k{{ w }}{% endfor %} end & f.mask
)
select
    a,
{% for b in fields %}
    (bit_or(x{{ b.w | int }}) & {{ sqlpriv.literal(b.mask) }}) = 0 as d{{ b.j | int }}{{ "," if not loop.last }}
{% endfor %}
from varying
group by a
{%- endmacro %}
