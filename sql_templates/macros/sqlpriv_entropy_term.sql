{#- One cell's contribution -p log2 p to an empirical entropy, p = cnt / total. -#}
{% macro macros_sqlpriv_entropy_term(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_entropy_term(cnt, total) as
    case when cnt > 0 then -(cnt::double / total) * log2(cnt::double / total) else 0 end
{%- endmacro %}
