{#- A Spark SQL temporary view over a data file, for `sqlpriv sql query --engine spark`
    (CREATE VIEW ... USING parquet | csv | json); `reader` is DuckDB's reader name for the file. -#}
{% macro engine_spark_file_view(name, reader, path, sep=",") -%}
create or replace temporary view {{ sqlpriv.quote(name) }} using
{%- if reader == "read_csv" %} csv options (path {{ sqlpriv.literal(path) }}, header 'true', inferSchema 'true', sep {{ sqlpriv.literal(sep) }})
{%- elif reader == "read_json" %} json options (path {{ sqlpriv.literal(path) }})
{%- else %} parquet options (path {{ sqlpriv.literal(path) }})
{%- endif %}
{%- endmacro %}
