{#- A file sqlpriv has just written, read back for a check before it is renamed into place
    (CSV: every column as text, as a reader of the file sees it). -#}
{% macro engine_read_written(fmt, path) -%}
{% if fmt == "csv" %}read_csv({{ sqlpriv.literal(path) }}, header = true, all_varchar = true){% else %}read_parquet({{ sqlpriv.literal(path) }}){% endif %}
{%- endmacro %}
