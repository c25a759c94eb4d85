{#- Probe: bind an expression over a relation holding only `columns` of the source (no other
    name in scope, the alias is a reserved name no expression may use): it binds only if those
    are all the columns it reads (sqlpriv.engine.sources.read_columns). Nothing runs. -#}
{% macro engine_bind_columns(columns, expr, relation) -%}
describe select ({{ expr }}) as x
from (
    select {% for c in columns %}{{ sqlpriv.quote(c) }}{{ ", " if not loop.last }}{% else %}null as "__sqlpriv_none"{% endfor %}
    from {{ relation }}
) as "__sqlpriv_bind"
{%- endmacro %}
