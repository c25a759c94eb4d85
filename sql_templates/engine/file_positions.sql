{#- The analysed rows of a Parquet source with their 0-based input position read from the files
    themselves, as a view (no copy of the rows): a row's number within its file (DuckDB's
    file_row_number) plus the rows of the files before it (`files`: each file's name and offset,
    in DuckDB's read order, from engine_parquet_files). A single file needs no offset, so that a
    filter on the position prunes the file's row groups. `dropna` filters after the numbering, so
    positions stay those of the input, as engine_positions does. -#}
{% macro engine_file_positions(t, columns, dropna, key, path, files) -%}
create or replace temp view {{ sqlpriv.quote(t.analysed) }} as
select * from (
    select
{% if files | length > 1 %}
        file_row_number + case filename{% for f in files %} when {{ sqlpriv.literal(f.file) }} then {{ f.offset | int }}{% endfor %} end as __sqlpriv_pos,
{% else %}
        file_row_number as __sqlpriv_pos,
{% endif %}
{% if key %}
        {{ sqlpriv.quote(key) }} as __sqlpriv_key,
{% endif %}
{% for c in columns %}
        {{ c.expr }} as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
    from read_parquet({{ sqlpriv.literal(path) }}, file_row_number = true{{ ", filename = true" if files | length > 1 }})
)
{% if dropna %}
where {% for c in columns %}{{ sqlpriv.quote(c.name) }} is not null{{ " and " if not loop.last }}{% endfor %}
{% endif %}
{%- endmacro %}
