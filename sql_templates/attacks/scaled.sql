{#- The attacked columns as c0, c1, ...: numeric ones divided by their range (`ranges`), the others
    as they are; `tid` numbers the distinct tuples, `cp` the distinct categorical patterns; on the
    synthetic side `r` is a row's rank among the rows of its tuple, by position. With `group`
    (attacks/ranges.sql's tagged form): each target scaled by its tag's ranges, the synthetic rows
    once per distinct scale `__sqlpriv_sg`, which leads `tid` and `cp` (no pattern spans two scales). -#}
{% macro attacks_scaled(table, ranges, columns, numeric, cats, synthetic=false, group=false) -%}
select __sqlpriv_pos, {% if group %}__sqlpriv_sg, {% if not synthetic %}__sqlpriv_g, {% endif %}{% endif %}dense_rank() over (order by {% if group %}__sqlpriv_sg, {% endif %}{% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}) as tid,
  {% if cats %}dense_rank() over (order by {% if group %}__sqlpriv_sg, {% endif %}{% for j in cats %}{{ sqlpriv.quote("c" ~ j) }}{{ ", " if not loop.last }}{% endfor %}){% elif group %}__sqlpriv_sg{% else %}1{% endif %} as cp,
  {% if synthetic %}row_number() over (partition by {% if group %}__sqlpriv_sg, {% endif %}{% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %} order by __sqlpriv_pos) as r,{% endif %}
  {% for c in columns %}{{ sqlpriv.quote("c" ~ loop.index0) }}{{ ", " if not loop.last }}{% endfor %}
from (
  select t.__sqlpriv_pos{% if group %}, g.__sqlpriv_sg{% if not synthetic %}, t.__sqlpriv_g{% endif %}{% endif %}
  {%- for c in columns %},
    {% if numeric[loop.index0] %}cast(t.{{ sqlpriv.quote(c) }} as double) / g.{{ sqlpriv.quote("r" ~ loop.index0) }}{% else %}t.{{ sqlpriv.quote(c) }}{% endif %} as {{ sqlpriv.quote("c" ~ loop.index0) }}
  {%- endfor %}
  from {{ sqlpriv.quote(table) }} as t
{% if group and synthetic %}
  cross join (select distinct __sqlpriv_sg{% for c in columns %}, {{ sqlpriv.quote("r" ~ loop.index0) }}{% endfor %} from {{ sqlpriv.quote(ranges) }}) as g
{% elif group %}
  join {{ sqlpriv.quote(ranges) }} as g on g.__sqlpriv_g = t.__sqlpriv_g
{% else %}
  cross join {{ sqlpriv.quote(ranges) }} as g
{% endif %}
)
{%- endmacro %}
