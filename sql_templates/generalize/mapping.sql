{#- One column's hierarchy as a mapping select: key (the value as text), l1 .. l<top> (labels).
    A table hierarchy is its rows (values bound as literals); a builder or expression hierarchy is
    one expression per level over the distinct values of the source. -#}
{% macro generalize_mapping(source, column, rows=none, exprs=none, levels=2) -%}
{% if rows is not none %}
select * from (values
{% for row in rows %}
  ({% for cell in row %}{{ sqlpriv.literal(cell) }}{{ ", " if not loop.last }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
) as t(key{% for i in range(1, levels) %}, {{ sqlpriv.quote("l" ~ i) }}{% endfor %})
{% else %}
select distinct {{ sqlpriv.generalize_key(column) }} as key
{% for expr in exprs %}
  , cast({{ expr }} as {{ sqlpriv.text_type() }}) as {{ sqlpriv.quote("l" ~ loop.index) }}
{% endfor %}
  , '*' as {{ sqlpriv.quote("l" ~ (levels - 1)) }}
from {{ source }}
{% endif %}
{%- endmacro %}
