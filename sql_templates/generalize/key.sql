{#- A quasi-identifier's value as text, the key every hierarchy is matched on (a missing value is
    the empty string, as ARX reads an empty CSV cell). -#}
{% macro generalize_key(column) -%}
coalesce(cast({{ sqlpriv.quote(column) }} as {{ sqlpriv.text_type() }}), '')
{%- endmacro %}
