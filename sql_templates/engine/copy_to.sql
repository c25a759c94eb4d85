{#- A result query written to a file by the DuckDB shell (Parquet, or CSV with a header). -#}
{% macro engine_copy_to(fmt, path, query) -%}
copy (
{{ query }}
) to {{ sqlpriv.literal(path) }} (format {{ fmt }}{{ ", header true" if fmt == "csv" }})
{%- endmacro %}
