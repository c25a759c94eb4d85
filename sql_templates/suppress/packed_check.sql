{#- One figure of a local-suppression state's class sizes `relation` (suppress/sizes.sql or
    suppress/packed_sizes.sql; docs/measures.md, local suppression): `output` "violations": the rows whose wildcard class is
    below `k`; "reached": the smallest class size (the k reached). -#}
{% macro suppress_packed_check(relation, k=1, output="violations") -%}
select {% if output == "reached" %}min(f){% else %}coalesce(sum(m), 0){% endif %} as figure
from {{ relation }}
{% if output != "reached" %}
where f < {{ sqlpriv.literal(k) }}
{% endif %}
{%- endmacro %}
