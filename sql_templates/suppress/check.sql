{#- One figure of a local-suppression state `relation` (docs/measures.md, local suppression):
    `output` "violations": the rows whose wildcard class on the keys `subset` (`ns` strata) is below
    `k`; "reached": the smallest wildcard class size on `subset` (the k reached); "total": the
    cells suppressed. -#}
{% macro suppress_check(relation, subset, ns, k=1, output="violations") -%}
{% if output == "total" %}
select coalesce(sum(bit_count(mask) * m), 0) as cells
from {{ relation }}
{% else %}
select {% if output == "reached" %}min(f){% else %}coalesce(sum(m), 0){% endif %} as figure
from (
{{ sqlpriv.suppress_sizes(relation, subset, ns) | indent(4, true) }}
) as t
{% if output != "reached" %}
where f < {{ k }}
{% endif %}
{% endif %}
{%- endmacro %}
