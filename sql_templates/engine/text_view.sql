{#- The source with the named columns cast to VARCHAR: ENUM columns, whose type string carries
    the data's labels, become text before any other step sees their type. -#}
{% macro engine_text_view(columns, relation, view) -%}
create or replace temp view {{ sqlpriv.quote(view) }} as
select * replace ({% for c in columns %}{{ sqlpriv.quote(c) }}::VARCHAR as {{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% endfor %})
from {{ relation }}
{%- endmacro %}
