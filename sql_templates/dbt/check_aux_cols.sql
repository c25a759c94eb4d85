{#- dbt: stop at compile time unless `aux_cols` is two lists of column names that share none
    (linkability's two halves of a record). -#}
{% macro check_aux_cols(macro_name, aux_cols) -%}
{% if aux_cols is string or aux_cols is mapping or aux_cols is not iterable or aux_cols | length != 2
    or aux_cols[0] is string or aux_cols[1] is string %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `aux_cols` must be two lists of column names, e.g. [[age, sex], [education, occupation]], got " ~ aux_cols) %}
{% endif %}
{% set first = aux_cols[0] | map("lower") | list %}
{% for c in aux_cols[1] if c | lower in first %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": the two auxiliary column sets must not overlap; both name " ~ c) %}
{% endfor %}
{%- endmacro %}
