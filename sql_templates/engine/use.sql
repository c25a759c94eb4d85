{% macro engine_use(alias) -%}
use {{ sqlpriv.quote(alias) }}
{%- endmacro %}
