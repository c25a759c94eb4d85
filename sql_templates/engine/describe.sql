{#- Probe: the columns and types of a relation, or of one expression over it (binding check). -#}
{% if expr is defined %}
describe select ({{ expr }}) as x from {{ relation }}
{% else %}
describe select * from {{ relation }}
{% endif %}
