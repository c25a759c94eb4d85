{#- The decimals of the DOUBLE `expr` printed with 10 decimals, trailing zeros dropped (PETsARD's
    detected precision). DuckDB: printf and rtrim; Spark: printf and trim(trailing ...), a regular
    expression with Spark's backslash escape. -#}
{% macro float_decimals(expr) -%}
{{ adapter.dispatch("float_decimals", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__float_decimals(expr) -%}
length(regexp_extract(rtrim(rtrim(printf('%.10f', {{ expr }}), '0'), '.'), '\.([0-9]+)$', 1))
{%- endmacro %}

{% macro spark__float_decimals(expr) -%}
length(regexp_extract(trim(trailing '.' from trim(trailing '0' from printf('%.10f', {{ expr }}))), '\\.([0-9]+)$', 1))
{%- endmacro %}
