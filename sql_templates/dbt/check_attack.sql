{#- dbt: stop at compile time unless the tables of an attack are relations (`original` may be a
    generic test's `where:`-filtered subquery) holding the attacked `columns`, and
    `confidence_level` is strictly between 0 and 1; return the attacked columns' numeric flags
    (compared by scaled absolute difference, docs/measures.md §11.1): the columns listed in
    `numeric`, or, with `numeric` left out, those the warehouse says are numbers (read from
    `synthetic` once dbt executes; at parse time every column is categorical, which only the
    compiled text shows). -#}
{% macro check_attack(macro_name, original, synthetic, control, columns, numeric=none, confidence_level=0.95) -%}
{% do sqlpriv.check_relation(macro_name, original, subquery_ok=true) %}
{% do sqlpriv.check_relation(macro_name, synthetic) %}
{% do sqlpriv.check_columns(macro_name, original, columns) %}
{% do sqlpriv.check_columns(macro_name, synthetic, columns) %}
{% if control is not none %}
{% do sqlpriv.check_relation(macro_name, control) %}
{% do sqlpriv.check_columns(macro_name, control, columns) %}
{% endif %}
{% if confidence_level is not number or confidence_level is sameas true or confidence_level is sameas false or confidence_level <= 0 or confidence_level >= 1 %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `confidence_level` must be a number between 0 and 1 (exclusive), got " ~ confidence_level) %}
{% endif %}
{% set names = [] %}
{% if numeric is none and execute %}
{% for col in adapter.get_columns_in_relation(synthetic) %}
{#- dbt-spark's Column.is_number() misses Spark's own names (int, tinyint, double, decimal(p,s)) -#}
{% set dtype = (col.dtype or "") | lower %}
{% if col.is_number() or dtype in ("int", "tinyint", "smallint", "bigint", "float", "double", "real") or dtype.startswith("decimal") %}{% do names.append(col.name | lower) %}{% endif %}
{% endfor %}
{% elif numeric is not none %}
{% for c in ([numeric] if numeric is string else numeric) %}{% do names.append(c | lower) %}{% endfor %}
{% endif %}
{% set flags = [] %}
{% for c in columns %}{% do flags.append(c | lower in names) %}{% endfor %}
{% do return(flags) %}
{%- endmacro %}
