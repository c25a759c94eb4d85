{#- log2 that is 0 instead of an error or -inf for counts <= 0 (empty cohorts). -#}
{% macro macros_sqlpriv_safe_log2(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_safe_log2(x) as
    case when x > 0 then log2(x) else 0 end
{%- endmacro %}
