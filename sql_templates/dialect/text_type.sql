{#- The SQL type name of text: varchar (DuckDB, standard SQL); string on Spark. -#}
{% macro text_type() -%}
{{ adapter.dispatch("text_type", "sqlpriv")() }}
{%- endmacro %}

{% macro default__text_type() -%}
varchar
{%- endmacro %}

{% macro spark__text_type() -%}
string
{%- endmacro %}
