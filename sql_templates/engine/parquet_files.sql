{#- The files a Parquet path or glob names, in the order DuckDB reads them (its glob order, the
    order a multi-file scan inserts its rows in), with each file's row count from its footer: the
    Python plan turns them into per-file offsets of the input positions (engine_file_positions). -#}
{% macro engine_parquet_files(path) -%}
select g.file, m.num_rows
from (select file, row_number() over () as i from ({{ sqlpriv.engine_glob_files(path) }})) as g
join parquet_file_metadata({{ sqlpriv.literal(path) }}) as m on m.file_name = g.file
order by g.i
{%- endmacro %}
