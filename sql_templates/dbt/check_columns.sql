{#- dbt: stop at compile time unless `columns` is a non-empty list of distinct column names of
    `relation` (checked against the warehouse when dbt executes and the relation exists; not for a
    `where:`-filtered subquery), at least `min_columns` and, for
    exact measures, at most `max_columns` of them ("exact": the exact uniqueness Shapley limit, 2^d
    column subsets per row: EXACT_COLUMNS in sqlpriv/engine/limits.py, tests/test_limits.py checks
    they agree); `key` (optional) must be a column that is not analysed. -#}
{% macro check_columns(macro_name, relation, columns, max_columns=none, key=none, min_columns=1) -%}
{% set exact_columns = 12 %}
{% if max_columns == "exact" %}{% set max_columns = exact_columns %}{% endif %}
{% set where = "sqlpriv." ~ macro_name ~ ": argument `columns`" %}
{% if columns is string or columns is mapping or columns is not iterable %}
{% do exceptions.raise_compiler_error(where ~ " must be a list of column names, e.g. ['zip_code', 'age'], got " ~ columns) %}
{% endif %}
{% if columns | length == 0 %}
{% do exceptions.raise_compiler_error(where ~ " is empty; name at least one column, e.g. ['zip_code', 'age']") %}
{% endif %}
{% if columns | length < min_columns %}
{% do exceptions.raise_compiler_error(where ~ " has " ~ columns | length ~ " column(s); this measure needs at least "
    ~ min_columns ~ " (each column's information gain is measured given all the others)") %}
{% endif %}
{% set seen = [] %}
{% for c in columns %}
{% if c is not string %}
{% do exceptions.raise_compiler_error(where ~ " must hold column names (strings), got " ~ c) %}
{% endif %}
{% if c | lower in seen %}
{% do exceptions.raise_compiler_error(where ~ " names " ~ c ~ " twice") %}
{% endif %}
{% do seen.append(c | lower) %}
{% endfor %}
{% if max_columns is not none and columns | length > max_columns %}
{% do exceptions.raise_compiler_error(where ~ " has " ~ columns | length ~ " columns; exact values visit 2^d column "
    ~ "subsets per row and the dbt macros stop at " ~ max_columns ~ ": analyse fewer columns, or use the Python "
    ~ "package's sampling mode (sqlpriv.uniqueness_shapley(..., method='sample'))") %}
{% endif %}
{% if key is not none and (key is not string or key | lower in seen) %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `key` must be one column name that is "
    ~ "not among the analysed columns, got " ~ key) %}
{% endif %}
{% if execute and relation is not string %}
{% set available = [] %}
{% for col in adapter.get_columns_in_relation(relation) %}{% do available.append(col.name) %}{% endfor %}
{% set lowered = available | map("lower") | list %}
{#- no columns: the relation does not exist yet (compile or docs before a seed or parent ran);
    the query itself then reports what is missing when it runs -#}
{% for c in (columns + ([key] if key is not none else [])) if available %}
{% if c | lower not in lowered %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": " ~ relation ~ " has no column " ~ c
    ~ "; its columns are: " ~ available | join(", ")) %}
{% endif %}
{% endfor %}
{% endif %}
{%- endmacro %}
