{#- A relation of the integers 0..n-1 as bigint column `name` (a FROM item). -#}
{% macro integers(name, n) -%}
{{ adapter.dispatch("integers", "sqlpriv")(name, n) }}
{%- endmacro %}

{% macro default__integers(name, n) -%}
(select range::bigint as {{ name }} from range({{ n }}))
{%- endmacro %}

{% macro spark__integers(name, n) -%}
(select id as {{ name }} from range({{ n }}))
{%- endmacro %}
