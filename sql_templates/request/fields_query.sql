{#- The per-field table of a data request (docs/measures.md §3) as ONE statement: the rows of
    sqlpriv.assess_request(source, columns, weights=).fields() for a request of plain columns
    (`weights`: {column: factor}) (dropna: rows with NULL in a requested column left out), over the shared head of
    _query_ctes.sql; the Spark engine runs it. -#}
{% macro request_fields_query(source, columns, dropna=false, weights=none) -%}
{{ sqlpriv.request_query_ctes(source, columns, dropna, weights) }}
{{ sqlpriv.request_fields_select() }}
{%- endmacro %}
