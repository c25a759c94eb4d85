{#- A temp view over a relation whose text columns compare byte for byte (Spark 4's `STRING
    COLLATE ...` columns read as UTF8_BINARY; sqlpriv/engine/spark/run.py). `columns`: pairs of
    (name, whether it carries a collation). -#}
{% macro engine_binary_text_view(view, relation, columns) -%}
create or replace temporary view {{ sqlpriv.quote(view) }} as select
{%- for name, collated in columns %} {% if collated %}collate({{ sqlpriv.quote(name) }}, 'UTF8_BINARY') as {{ sqlpriv.quote(name) }}{% else %}{{ sqlpriv.quote(name) }}{% endif %}{{ "," if not loop.last }}{% endfor %} from {{ relation }}
{%- endmacro %}
