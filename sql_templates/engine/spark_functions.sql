{#- Probe (Spark SQL): the names of Spark's built-in (`kind` "system") or user-defined (`kind`
    "user": temporary and persistent UDFs, which may shadow a built-in name) functions; the
    expression checker allows the built-ins on its reviewed list that no UDF shadows
    (sqlpriv/engine/functions.py). -#}
{% macro engine_spark_functions(kind) -%}
{% if kind == "user" %}
show user functions
{% else %}
show system functions
{% endif %}
{%- endmacro %}
