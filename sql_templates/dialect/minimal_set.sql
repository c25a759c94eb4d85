{#- One minimal singling-out set of a record as a struct {field_combo, ori_idx} (SQL expressions).
    DuckDB: a struct literal; Spark: named_struct. -#}
{% macro minimal_set(field_combo, ori_idx) -%}
{{ adapter.dispatch("minimal_set", "sqlpriv")(field_combo, ori_idx) }}
{%- endmacro %}

{% macro default__minimal_set(field_combo, ori_idx) -%}
{'field_combo': {{ field_combo }}, 'ori_idx': {{ ori_idx }}}
{%- endmacro %}

{% macro spark__minimal_set(field_combo, ori_idx) -%}
named_struct('field_combo', {{ field_combo }}, 'ori_idx', {{ ori_idx }})
{%- endmacro %}
