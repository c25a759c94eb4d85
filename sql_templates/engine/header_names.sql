{#- Probe: the column names a file's own header or schema holds, before DuckDB makes them unique
    (a repeated name, ignoring case, becomes x_1): `reader` is read_csv / read_parquet /
    read_json, `path` the file or glob (every value a literal). CSV: the first row read as data
    (header=false, all text) with the sniffed dialect where there is one (`csv`,
    engine/sniff_csv.sql; nothing is then left to detect: a one-row sample), one file of a glob
    at a time; Parquet: every schema element with its child count, in schema order (sources.py
    keeps the root's children); JSON: the keys of the objects DuckDB samples for its schema. -#}
{% macro engine_header_names(reader, path, csv=none) -%}
{% if reader == "read_csv" %}
select * from read_csv({{ sqlpriv.literal(path) }}, header=false, all_varchar=true, filename=false
{%- if csv %}, sample_size=1, delim={{ sqlpriv.literal(csv.delim) }}, quote={{ sqlpriv.literal(csv.quote) }}, escape={{ sqlpriv.literal(csv.escape) }}, new_line={{ sqlpriv.literal(csv.new_line) }}, skip={{ sqlpriv.literal(csv.skip) }}, comment={{ sqlpriv.literal(csv.comment) }}{% endif %}) limit 1
{% elif reader == "read_parquet" %}
select file_name, name, coalesce(num_children, 0) as children from parquet_schema({{ sqlpriv.literal(path) }})
{% else %}
select distinct unnest(json_keys(json)) as name
from (select json from read_json_objects({{ sqlpriv.literal(path) }}) limit 20480)
{% endif %}
{%- endmacro %}
