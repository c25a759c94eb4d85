{#- The attacked columns as c0, c1, ...: numeric ones divided by their range (`ranges`), the others
    as they are; `tid` numbers the distinct tuples, `cp` the distinct categorical patterns; on the
    synthetic side `r` is a row's rank among the rows of its tuple, by position. -#}
{% macro attacks_scaled(table, ranges, columns, numeric, cats, synthetic=false) -%}
select __sqlpriv_pos, dense_rank() over (order by {% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}) as tid,
  {% if cats %}dense_rank() over (order by {% for j in cats %}{{ sqlpriv.quote("c" ~ j) }}{{ ", " if not loop.last }}{% endfor %}){% else %}1{% endif %} as cp,
  {% if synthetic %}row_number() over (partition by {% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %} order by __sqlpriv_pos) as r,{% endif %}
  {% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
from (
  select t.__sqlpriv_pos
  {%- for c in columns %},
    {% if numeric[loop.index0] %}cast(t.{{ sqlpriv.quote(c) }} as double) / g.{{ sqlpriv.quote("r" ~ loop.index0) }}{% else %}t.{{ sqlpriv.quote(c) }}{% endif %} as {{ sqlpriv.quote("c" ~ loop.index0) }}
  {%- endfor %}
  from {{ sqlpriv.quote(table) }} as t cross join {{ sqlpriv.quote(ranges) }} as g
)
{%- endmacro %}
