{#- dbt: stop at compile time unless `sensitive` is a column name or a non-empty list of column
    names, none of them among the quasi-identifiers `columns`; return what
    sqlpriv.disclosure_query takes: `sens`, one spec per sensitive column (name, ordered,
    hierarchy, height, distance), and `meta`, the headings sensitive and n (each pushed to
    _sensitive, _n, ... while a quasi-identifier has it, as the Python package does). A column is
    measured with the ordered distance when it is listed in `ordered`, or, with `ordered` left
    out, when the warehouse says it is a number (a ref() or source() relation, once dbt executes);
    with the equal distance otherwise (hierarchies: the Python package). -#}
{% macro check_sensitive(macro_name, relation, columns, sensitive, ordered=none) -%}
{% set names = [sensitive] if sensitive is string else sensitive %}
{% if names is mapping or names is not iterable or names | length == 0 %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `sensitive` must name one or more columns, e.g. ['diagnosis'], got " ~ sensitive) %}
{% endif %}
{% set lowered = columns | map("lower") | list %}
{% for s in names %}
{% if s is not string %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": argument `sensitive` must hold column names (strings), got " ~ s) %}
{% endif %}
{% if s | lower in lowered %}
{% do exceptions.raise_compiler_error("sqlpriv." ~ macro_name ~ ": column " ~ s ~ " is both a quasi-identifier and sensitive; "
    ~ "a sensitive column cannot define the classes: drop it from `columns` or `sensitive`") %}
{% endif %}
{% endfor %}
{% set numeric = [] %}
{% if ordered is none and execute and relation is not string %}
{% for col in adapter.get_columns_in_relation(relation) %}
{#- dbt-spark's Column.is_number() misses Spark's own names (int, tinyint, double, decimal(p,s)) -#}
{% set dtype = (col.dtype or "") | lower %}
{% if col.is_number() or dtype in ("int", "tinyint", "smallint", "bigint", "float", "double", "real") or dtype.startswith("decimal") %}{% do numeric.append(col.name | lower) %}{% endif %}
{% endfor %}
{% elif ordered is not none %}
{% for o in ([ordered] if ordered is string else ordered) %}{% do numeric.append(o | lower) %}{% endfor %}
{% endif %}
{% set specs = [] %}
{% for s in names %}
{% set is_ordered = s | lower in numeric %}
{% do specs.append({"name": s, "ordered": is_ordered, "hierarchy": [], "height": 0,
    "distance": "ordered" if is_ordered else "equal"}) %}
{% endfor %}
{% set meta = {} %}
{% for heading in ("sensitive", "n") %}
{% set ns = namespace(name=heading) %}
{% for _ in columns if ns.name | lower in lowered %}{% set ns.name = "_" ~ ns.name %}{% endfor %}
{% do meta.update({heading: ns.name}) %}
{% endfor %}
{% do return({"sens": specs, "meta": meta}) %}
{%- endmacro %}
