{#- The select list shared by the per-pattern sums (shapley_phi_chunk, shapley_phi_factored):
    the packed key of `e`, then per analysed column the sum of its coefficient times log2 of the
    matched cell's size `c.n`, phi_j = sum over s of c_j(s) * log2 N(s). -#}
{% macro shapley_phi_sums(words, columns) -%}
{% for word in words %}
e.k{{ loop.index0 }},
{% endfor %}
{% for c in columns %}
sum(e.c{{ loop.index0 }} * log2(c.n)) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
{%- endmacro %}
