{#- The per-field rows of request/identifier_probe.sql (`query`, rendered), without its total row
    (j = -1), for the identifier warnings. -#}
{% macro request_identifier_rows(query) -%}
select * from ({{ query }}) where j >= 0
{%- endmacro %}
