{#- dbt: the columns of a DCR model or test: `columns` as given (a list of names), else every
    column of `synthetic` (known once dbt executes, empty at parse time, when the relations only
    are checked). -#}
{% macro check_dcr(macro_name, original, synthetic, control, columns) -%}
{% if columns is not none and (columns is string or columns | length == 0) %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `columns` must be a non-empty list of column names, got " ~ columns) %}
{% endif %}
{% set names = [] %}
{% if columns is not none %}
{% for c in columns %}{% do names.append(c) %}{% endfor %}
{% elif execute %}
{% for col in adapter.get_columns_in_relation(synthetic) %}{% do names.append(col.name) %}{% endfor %}
{% endif %}
{% if not names %}
{% do sqlpriv.check_relation(macro_name, original, subquery_ok=true) %}
{% do sqlpriv.check_relation(macro_name, synthetic) %}
{% if control is not none %}{% do sqlpriv.check_relation(macro_name, control) %}{% endif %}
{% endif %}
{% do return(names) %}
{%- endmacro %}
