{#- Probe (Spark SQL): the names of Spark's built-in functions; the expression checker allows
    those on its reviewed list (sqlpriv/engine/functions.py). -#}
{% macro engine_spark_functions() -%}
show system functions
{%- endmacro %}
