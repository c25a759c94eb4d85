{#- Posterior mixed with the prior by an accuracy a (docs/measures.md §2): p' = a * p + (1 - a) * q. -#}
{% macro macros_sqlpriv_pif_mix(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_pif_mix(a, p, q) as
    a * p + (1 - a) * q
{%- endmacro %}
