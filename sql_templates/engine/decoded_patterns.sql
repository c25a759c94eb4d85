{#- The distinct patterns with the original values of the plain (non-expression) analysed
    columns decoded from the packed words: a small stand-in for the rows whenever an
    expression only reads those columns. Every code has its dictionary row, so left joins
    give the same rows, and DuckDB drops the joins of columns an expression does not read. -#}
{% macro engine_decoded_patterns(t, columns, words) -%}
create or replace temp view {{ sqlpriv.quote(t.decoded) }} as
select
{% for word in words %}
    p.k{{ loop.index0 }} as __sqlpriv_k{{ loop.index0 }},
{% endfor %}
    p.w as __sqlpriv_w,
{% for c in columns if not c.is_expression %}
    d{{ c.j }}.v as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(t.patterns) }} as p
{{ sqlpriv.engine_decode_joins(t, columns | rejectattr("is_expression") | list) }}
{%- endmacro %}
