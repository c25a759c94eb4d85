{#- The entropies behind the wCIG weights: per column H(j), H(j | others) and the weight. -#}
{% macro pif_weights(t) -%}
select {{ sqlpriv.quote("column") }}, entropy, conditional_entropy, weight
from {{ sqlpriv.quote(t.pif_entropies) }}
order by j
{%- endmacro %}
