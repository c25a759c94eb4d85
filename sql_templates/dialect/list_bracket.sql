{#- The opening (`side="open"`) or closing bracket of a list literal whose items are written
    between them, e.g. a list of lists spread over lines. DuckDB: [ and ]; Spark: array( and ). -#}
{% macro list_bracket(side) -%}
{{ adapter.dispatch("list_bracket", "sqlpriv")(side) }}
{%- endmacro %}

{% macro default__list_bracket(side) -%}
{{ "[" if side == "open" else "]" }}
{%- endmacro %}

{% macro spark__list_bracket(side) -%}
{{ "array(" if side == "open" else ")" }}
{%- endmacro %}
