{#- A temp view of a source's columns (`keep`, names) and computed columns (`computed`: column
    specs whose `expr` sqlpriv.engine.sandbox checked) over `relation` (Spark's computed columns). -#}
{% macro engine_computed_view(view, relation, keep, computed) -%}
create or replace temporary view {{ sqlpriv.quote(view) }} as select
{%- for name in keep %} {{ sqlpriv.quote(name) }},{% endfor %}
{%- for c in computed %} ({{ c.expr }}) as {{ sqlpriv.quote(c.name) }}{{ "," if not loop.last }}{% endfor %} from {{ relation }}
{%- endmacro %}
