{#- One value's term p * log2(p / q) of a KL divergence D(p || q) in bits; 0 where p = 0. -#}
{% macro macros_sqlpriv_pif_kl_term(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_pif_kl_term(p, q) as
    case when p > 0 then p * log2(p / q) else 0 end
{%- endmacro %}
