{#- dbt: stop at compile time unless the singling-out query attack's arguments are sound (mode,
    n_attacks, n_cols, seed, max_attempts, the tables and confidence_level: check_attack); return
    the attacked columns as [{name, kind}]: every column of `synthetic` (the warehouse's types:
    number, boolean, else text; known once dbt executes, empty at parse time). -#}
{% macro check_singling_out_queries(macro_name, original, synthetic, control, mode, n_attacks, n_cols, seed, max_attempts, confidence_level) -%}
{% if mode not in ("univariate", "multivariate") %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `mode` must be 'univariate' or 'multivariate', got " ~ mode) %}
{% endif %}
{% for name, value, least in [("n_attacks", n_attacks, 1), ("n_cols", n_cols, 1), ("seed", seed, 0), ("max_attempts", 1 if max_attempts is none else max_attempts, 1)] %}
{% if value is not integer or value is sameas true or value is sameas false or value < least %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `" ~ name ~ "` must be an integer >= " ~ least ~ ", got " ~ value) %}
{% endif %}
{% endfor %}
{% set columns = [] %}
{% set names = [] %}
{% if execute %}
{% for col in adapter.get_columns_in_relation(synthetic) %}
{% set dtype = (col.dtype or "") | lower %}
{% set kind = "boolean" if dtype in ("boolean", "bool") else ("number" if col.is_number() or dtype in ("int", "tinyint", "smallint", "bigint", "float", "double", "real") or dtype.startswith("decimal") else "text") %}
{% do columns.append({"name": col.name, "kind": kind}) %}
{% do names.append(col.name) %}
{% endfor %}
{% endif %}
{% if names %}
{% do sqlpriv.check_attack(macro_name, original, synthetic, control, names, none, confidence_level) %}
{% else %}{#- parse time, or `synthetic` not built yet: the relations only; the columns once dbt executes -#}
{% do sqlpriv.check_relation(macro_name, original, subquery_ok=true) %}
{% do sqlpriv.check_relation(macro_name, synthetic) %}
{% if control is not none %}{% do sqlpriv.check_relation(macro_name, control) %}{% endif %}
{% endif %}
{% if columns and mode == "multivariate" and n_cols > columns | length %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": n_cols is " ~ n_cols ~ " but the tables have " ~ (columns | length) ~ " columns; a multivariate query uses at most every column") %}
{% endif %}
{% do return(columns) %}
{%- endmacro %}
