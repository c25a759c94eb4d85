{#- Probe: a (checked) expression projected over a source, for its analysed plan only (what it
    reads, whether it is deterministic); nothing runs. -#}
{% macro engine_expression_probe(expr, relation) -%}
select ({{ expr }}) as {{ sqlpriv.quote("__sqlpriv_x") }} from {{ relation }}
{%- endmacro %}
