{#- One column's hierarchy coded for the search: the mapping's key and labels l1 .. l<top>, and
    per level i an integer label g<i> and the label's domain share s<i> (hierarchy rows with that
    label / all rows: ARX's DomainShareMaterialized). body: the mapping's select
    (generalize/mapping.sql), so one table is the column's mapping and its codes (one statement,
    not two: each statement costs a few ms, benchmarks/RESULTS.md session gen8); or mapping: a
    table holding it. -#}
{% macro generalize_coded(levels, mapping=none, body=none) -%}
select key
{% for level in range(1, levels) %}
  , {{ sqlpriv.quote("l" ~ level) }}
{% endfor %}
{% for level in range(levels) %}
  , dense_rank() over (order by {{ "key" if level == 0 else sqlpriv.quote("l" ~ level) }}) as {{ sqlpriv.quote("g" ~ level) }}
  , cast(count(*) over (partition by {{ "key" if level == 0 else sqlpriv.quote("l" ~ level) }}) as double) / count(*) over () as {{ sqlpriv.quote("s" ~ level) }}
{% endfor %}
{% if body is not none %}
from (
{{ body }}
) as m
{% else %}
from {{ sqlpriv.quote(mapping) }}
{% endif %}
{%- endmacro %}
