{#- The class-size histogram of a data request's joint columns (docs/measures.md §3) as ONE
    statement: the rows of sqlpriv.assess_request(source, columns, k=, weights=).uniqueness() for
    a request of plain columns (the joint set: those without a weight) (dropna: rows with NULL in a requested column left
    out), over the shared head of _query_ctes.sql; the Spark engine runs it. -#}
{% macro request_uniqueness_query(source, columns, k=5, dropna=false, weights=none) -%}
{{ sqlpriv.request_query_ctes(source, columns, dropna, weights) }},
{{ sqlpriv.request_uniqueness_body({"sizes": "__sqlpriv_sizes"}, sqlpriv.request_joint_j(columns, weights) | trim | int, k) }}
{%- endmacro %}
