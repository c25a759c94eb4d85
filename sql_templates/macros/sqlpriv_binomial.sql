{#- Binomial coefficient C(n, k) as a double (exact while it is below 2^53). -#}
{% macro macros_sqlpriv_binomial(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_binomial(n, k) as
    case when k < 0 or k > n then 0::double
         else round(exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1))) end
{%- endmacro %}
