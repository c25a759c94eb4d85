{#- A DuckDB database file attached read-only and made the default catalog. -#}
{% macro engine_attach(alias, path) -%}
attach {{ sqlpriv.literal(path) }} as {{ sqlpriv.quote(alias) }} (read_only)
{%- endmacro %}
