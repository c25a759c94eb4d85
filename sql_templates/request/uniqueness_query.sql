{#- The class-size histogram of a data request's joint columns (docs/measures.md §3) as ONE
    statement: the rows of sqlpriv.assess_request(source, columns, k=).uniqueness() for a
    request of plain columns without weights (dropna: rows with NULL in a requested column left
    out), over the shared head of _query_ctes.sql; the Spark engine runs it. -#}
{% macro request_uniqueness_query(source, columns, k=5, dropna=false) -%}
{{ sqlpriv.request_query_ctes(source, columns, dropna) }},
{{ sqlpriv.request_uniqueness_body({"sizes": "__sqlpriv_sizes"}, -1 if columns | length > 1 else 0, k) }}
{%- endmacro %}
