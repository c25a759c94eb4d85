{#- Aggregate: the smallest of the group's rows made of the SQL expressions `items` (compared field
    by field in order, NULL equal to NULL, false before true), a struct whose fields read as f0,
    f1, ... DuckDB: min(struct_pack(...)); Spark: min(named_struct(...)). -#}
{% macro smallest_row(items) -%}
{{ adapter.dispatch("smallest_row", "sqlpriv")(items) }}
{%- endmacro %}

{% macro default__smallest_row(items) -%}
min(struct_pack({% for e in items %}f{{ loop.index0 }} := {{ e }}{{ ", " if not loop.last }}{% endfor %}))
{%- endmacro %}

{% macro spark__smallest_row(items) -%}
min(named_struct({% for e in items %}'f{{ loop.index0 }}', {{ e }}{{ ", " if not loop.last }}{% endfor %}))
{%- endmacro %}
