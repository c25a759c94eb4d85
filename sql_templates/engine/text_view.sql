{#- The source with the named columns cast to VARCHAR: ENUM columns, whose type string carries
    the data's labels, become text before any other step sees their type; and the binary ones (the
    text columns of a DuckDB table, view or relation) compared byte for byte (COLLATE c), whatever
    collation the table declared for them (NOCASE would make 'Ann' and 'ann' one value). -#}
{% macro engine_text_view(columns, relation, view, binary=[]) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * replace ({% for c in columns %}{{ sqlpriv.quote(c) }}::VARCHAR as {{ sqlpriv.quote(c) }}{{ ", " if not loop.last or binary }}{% endfor %}{% for c in binary %}{{ sqlpriv.quote(c) }} collate c as {{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %})
from {{ relation }}
{%- endmacro %}
