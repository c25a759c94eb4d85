{#- Shapley weight of a coalition of size k among d players: 1 / (d * C(d-1, k)). -#}
{% macro macros_sqlpriv_shapley_weight(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_shapley_weight(d, k) as
    1.0 / (d * sqlpriv_binomial(d - 1, k))
{%- endmacro %}
