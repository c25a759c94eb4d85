{#- The suppressed-class shares and entropies (supp_share_<j>, supp_entropy_<j>) of the evaluated
    nodes, filled in after a search that did not need them (its metric reads neither: only loss
    and entropy do), before the candidate table is read: what the search left out per batch, all
    nodes in one statement (docs/measures.md §7). body: generalize/evaluate.sql over the stats
    table's nodes that suppress rows within the limit; d: the number of columns. -#}
{% macro generalize_fill(stats, body, d) -%}
update {{ sqlpriv.quote(stats) }} as t set
{% for j in range(d) %}
  {{ sqlpriv.quote("supp_share_" ~ j) }} = f.{{ sqlpriv.quote("supp_share_" ~ j) }},
  {{ sqlpriv.quote("supp_entropy_" ~ j) }} = f.{{ sqlpriv.quote("supp_entropy_" ~ j) }}{{ "," if not loop.last }}
{% endfor %}
from (
{{ body }}
) as f
where t.node = f.node
{%- endmacro %}
