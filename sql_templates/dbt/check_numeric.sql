{#- dbt: stop at compile time unless each of `columns` of `relation` has a numeric type (checked
    against the warehouse when dbt executes and the relation exists), as the Python package's
    microaggregate and top_bottom_code refuse a text column; `needs`: what needs the numbers. -#}
{% macro check_numeric(macro_name, relation, columns, needs) -%}
{% set numeric = ("TINYINT", "SMALLINT", "INT", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT",
    "UHUGEINT", "FLOAT", "DOUBLE", "REAL", "DECIMAL", "NUMERIC", "LONG", "SHORT", "BYTE") %}
{% if execute and relation is not string %}
{% set lowered = columns | map("lower") | list %}
{% for col in adapter.get_columns_in_relation(relation) if col.name | lower in lowered %}
{% set type = col.dtype | upper %}
{% if not (type.split("(")[0] in numeric or type.startswith("INT") or type.startswith("DECIMAL")) %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": column " ~ col.name ~ " is " ~ col.dtype ~ ", not numeric: "
    ~ needs ~ " needs numbers; leave it out (a categorical key is treated by local suppression or generalize) or cast it in the model it comes from") %}
{% endif %}
{% endfor %}
{% endif %}
{%- endmacro %}
