{#- Probe: the columns and types of a relation, or of one expression over it (binding check). -#}
{% macro engine_describe(expr, relation) -%}
{% if expr is defined %}
describe select ({{ expr }}) as x from {{ relation }}
{% else %}
describe select * from {{ relation }}
{% endif %}
{%- endmacro %}
