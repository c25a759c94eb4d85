{#- True when the DOUBLE expr is a finite number (false for NaN and both infinities; NULL for
    NULL). DuckDB: isfinite (a comparison such as `x < Infinity` may be answered from a Parquet
    file's statistics, which leave NaN out: a NaN weight passed); Spark: no NaN, below infinity. -#}
{% macro finite(expr) -%}
{{ adapter.dispatch("finite", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__finite(expr) -%}
isfinite({{ expr }})
{%- endmacro %}

{% macro spark__finite(expr) -%}
(not isnan({{ expr }}) and abs({{ expr }}) < cast('Infinity' as double))
{%- endmacro %}
