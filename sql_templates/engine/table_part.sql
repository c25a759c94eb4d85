{#- One of `parts` disjoint parts of a table, by rowid: the parts of a table smaller than a
    row group per thread are separate tables so that a union of them is scanned by all threads
    (DuckDB scans a table one row group, 122,880 rows, per thread). -#}
{% macro engine_table_part(table, part, parts) -%}
select * from {{ sqlpriv.quote(table) }} where rowid % {{ sqlpriv.literal(parts) }} = {{ sqlpriv.literal(part) }}
{%- endmacro %}
