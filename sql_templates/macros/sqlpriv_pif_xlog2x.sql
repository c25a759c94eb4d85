{#- x * log2(x), with the limit 0 at x = 0 (used for n log n sums and (1 - a) log2(1 - a)). -#}
{% macro macros_sqlpriv_pif_xlog2x(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_pif_xlog2x(x) as
    case when x > 0 then x * log2(x) else 0 end
{%- endmacro %}
