{#- The files a path or glob names now, in DuckDB's read order (the check that a Parquet source
    analysed without a copy still has the files it was numbered from). -#}
{% macro engine_glob_files(path) -%}
select file from glob({{ sqlpriv.literal(path) }})
{%- endmacro %}
