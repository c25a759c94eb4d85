{#- dbt: stop at compile time unless `relation` is a dbt Relation (ref() or source()). -#}
{% macro check_relation(macro_name, relation) -%}
{% if not (relation is mapping and relation.get("metadata", {}).get("type", "").endswith("Relation")) %}
{% do exceptions.raise_compiler_error(
    "sqlpriv." ~ macro_name ~ ": argument `relation` must be a relation such as ref('my_model') or "
    ~ "source('src', 'table'), got " ~ (relation | string)[:80]) %}
{% endif %}
{%- endmacro %}
