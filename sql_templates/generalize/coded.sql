{#- One column's hierarchy coded for the search: per level i an integer label g<i> and the label's
    domain share s<i> (hierarchy rows with that label / all rows: ARX's DomainShareMaterialized). -#}
{% macro generalize_coded(mapping, levels) -%}
select key
{% for level in range(levels) %}
  , dense_rank() over (order by {{ "key" if level == 0 else sqlpriv.quote("l" ~ level) }}) as {{ sqlpriv.quote("g" ~ level) }}
  , cast(count(*) over (partition by {{ "key" if level == 0 else sqlpriv.quote("l" ~ level) }}) as double) / count(*) over () as {{ sqlpriv.quote("s" ~ level) }}
{% endfor %}
from {{ sqlpriv.quote(mapping) }}
{%- endmacro %}
