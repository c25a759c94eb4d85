{#- Coefficient of log2 N(s) in phi_j (docs/measures.md §1): +w(|s|) if j is not in s, -w(|s|-1) if it is. -#}
{% macro macros_sqlpriv_shapley_coefficient(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_shapley_coefficient(sid, j, d) as
    case when sqlpriv_has_bit(sid, j)
         then -sqlpriv_shapley_weight(d, bit_count(sid::bigint) - 1)
         else sqlpriv_shapley_weight(d, bit_count(sid::bigint)) end
{%- endmacro %}
