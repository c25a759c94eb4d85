{#- One column's hierarchy as a mapping select: key (the value as text), l1 .. l<top> (labels).
    A table hierarchy is its rows (values bound as literals); a builder or expression hierarchy is
    one expression per level over the distinct values of the source. per_value: the expressions
    read the column's value alone (intervals, mask, dates; not rare, which counts rows, nor SQL
    expressions, which may read other columns), so they are computed once per distinct value,
    not per row: the distinct (value, key) pairs first (the key too: DISTINCT takes -0.0 and 0.0,
    two keys, as one value), then the distinct (key, labels) as before (NULL and '' are two
    values, one key); 1M rows, 72 / 1,001 distinct values, one thread: 0.28 / 0.69 s ->
    0.03 / 0.08 s (benchmarks/RESULTS.md, session hunt-a). -#}
{% macro generalize_mapping(source, column, rows=none, exprs=none, levels=2, per_value=false) -%}
{% if rows is not none %}
select * from (values
{% for row in rows %}
  ({% for cell in row %}{{ sqlpriv.literal(cell) }}{{ ", " if not loop.last }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
) as t(key{% for i in range(1, levels) %}, {{ sqlpriv.quote("l" ~ i) }}{% endfor %})
{% else %}
select distinct {{ "__sqlpriv_key" if per_value else sqlpriv.generalize_key(column) }} as key
{% for expr in exprs %}
  , cast({{ expr }} as {{ sqlpriv.text_type() }}) as {{ sqlpriv.quote("l" ~ loop.index) }}
{% endfor %}
  , '*' as {{ sqlpriv.quote("l" ~ (levels - 1)) }}
{% if per_value %}
from (select distinct {{ sqlpriv.quote(column) }}, {{ sqlpriv.generalize_key(column) }} as __sqlpriv_key from {{ source }}) as src
{% else %}
from {{ source }}
{% endif %}
{% endif %}
{%- endmacro %}
