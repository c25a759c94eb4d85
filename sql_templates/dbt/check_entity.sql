{#- dbt: stop at compile time unless `entity` (optional) is one column name that is not among
    `columns`, and is not combined with per-row `weight` or `household` (docs/measures.md §9). -#}
{% macro check_entity(macro_name, relation, columns, entity, weight=none, household=none) -%}
{% if entity is not none %}
{% if entity is not string or entity | lower in (columns | map("lower") | list) %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `entity` must be one column name that is "
    ~ "not among the quasi-identifier columns, got " ~ entity) %}
{% endif %}
{% if weight is not none or household is not none %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `entity` counts classes in entities, which "
    ~ "per-row `weight` and `household` cannot follow; leave them out or leave out entity") %}
{% endif %}
{% endif %}
{%- endmacro %}
