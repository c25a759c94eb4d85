{#- The per-level bounds as one row of per-column lists (raw_<j>, ent_<j>: by level; dom_<j>: the
    hierarchy's domain size), what candidates.sql reads a node's per-column values from (d: the
    number of columns). -#}
{% macro generalize_weights(bounds, d) -%}
select
{% for j in range(d) %}
  list(raw order by level) filter (where j = {{ j }}) as {{ sqlpriv.quote("raw_" ~ j) }},
  list(entropy order by level) filter (where j = {{ j }}) as {{ sqlpriv.quote("ent_" ~ j) }},
  max(domain) filter (where j = {{ j }}) as {{ sqlpriv.quote("dom_" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
from {{ sqlpriv.quote(bounds) }}
{%- endmacro %}
