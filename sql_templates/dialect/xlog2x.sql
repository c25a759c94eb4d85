{#- x * log2(x), with the limit 0 at x <= 0. DuckDB: the sqlpriv_pif_xlog2x macro; Spark: inline. -#}
{% macro xlog2x(x) -%}
{{ adapter.dispatch("xlog2x", "sqlpriv")(x) }}
{%- endmacro %}

{% macro default__xlog2x(x) -%}
sqlpriv_pif_xlog2x({{ x }})
{%- endmacro %}

{% macro spark__xlog2x(x) -%}
case when ({{ x }}) > 0 then ({{ x }}) * log2({{ x }}) else 0 end
{%- endmacro %}
