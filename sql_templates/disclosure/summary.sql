{#- One row per sensitive column from the per-class figures in `relation` (a relation holding
    disclosure_classes' columns; docs/measures.md §8): column, distance (ordered, equal or
    hierarchical: how t was measured), l_diversity (fewest distinct values in a class),
    entropy_l_diversity (the largest l with entropy >= ln l in every class: floor of exp of the
    smallest entropy, 1e-9 of rounding tolerated), recursive_c and recursive_l (recursive
    (c,l)-diversity at l = l_diversity, c the smallest integer that holds; NULL when l = 1),
    alpha and k ((alpha,k)-anonymity: largest share of one value in a class, smallest class),
    t_closeness, delta_disclosure, basic_beta_likeness and enhanced_beta_likeness (the largest
    over the classes), and entropy (the smallest, in nats). `sensitive`: the heading holding
    the column name, `n` the class size's; `distances`: one name per sensitive column, in order. -#}
{% macro disclosure_summary(relation, sensitive, n, distances) -%}
select
    {{ sqlpriv.quote(sensitive) }} as {{ sqlpriv.quote("column") }},
    case __sqlpriv_s{% for d in distances %} when {{ loop.index0 }} then {{ sqlpriv.literal(d) }}{% endfor %} end as distance,
    min(l_diversity) as l_diversity,
    cast(floor(exp(min(entropy)) + 1e-9) as bigint) as entropy_l_diversity,
    max(recursive_c) as recursive_c,
    min(l_diversity) as recursive_l,
    max(alpha) as alpha,
    min({{ sqlpriv.quote(n) }}) as k,
    max(t_closeness) as t_closeness,
    max(delta_disclosure) as delta_disclosure,
    max(basic_beta_likeness) as basic_beta_likeness,
    max(enhanced_beta_likeness) as enhanced_beta_likeness,
    min(entropy) as entropy
from {{ relation }}
group by __sqlpriv_s, {{ sqlpriv.quote(sensitive) }}
order by __sqlpriv_s
{%- endmacro %}
