{#- A file source as a view: reader is read_csv / read_parquet / read_json. csv: the dialect and
    columns DuckDB's sniffer found for a CSV file (engine/sniff_csv.sql; sources.py checks each),
    pinned so that binding the view does not sniff the file again (every query over a view binds
    it: about 60 ms CPU each on adult's 2.5 MB, 4 ms pinned), every value a literal. auto_detect
    stays on with a one-row sample (every option it would detect is given), because DuckDB
    estimates a read_csv's rows from the file's size only where it opened the file at bind time
    (else it assumes 42 rows): the same estimate as an unpinned view, so the same join plans
    (and the same row order of a release) over the view. -#}
{% macro engine_source_view(path, reader, view, csv=none) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * from {{ reader }}({{ sqlpriv.literal(path) }}
{%- if csv %}, sample_size=1, delim={{ sqlpriv.literal(csv.delim) }}, quote={{ sqlpriv.literal(csv.quote) }}, escape={{ sqlpriv.literal(csv.escape) }}, new_line={{ sqlpriv.literal(csv.new_line) }}, skip={{ sqlpriv.literal(csv.skip) }}, comment={{ sqlpriv.literal(csv.comment) }}, header={{ sqlpriv.literal(csv.header) }}, columns={
{%- for c in csv.columns %}{{ sqlpriv.literal(c[0]) }}: {{ sqlpriv.literal(c[1]) }}{{ ", " if not loop.last }}{% endfor %}}
{%- if csv.dateformat is not none %}, dateformat={{ sqlpriv.literal(csv.dateformat) }}{% endif %}
{%- if csv.timestampformat is not none %}, timestampformat={{ sqlpriv.literal(csv.timestampformat) }}{% endif %}
{%- endif %})
{%- endmacro %}
