{#- Aggregate: the `fraction` quantile of `x` (0 <= fraction <= 1), linearly interpolated between
    the two nearest values (numpy.percentile's default). DuckDB: quantile_cont; Spark: percentile,
    its exact interpolated percentile. -#}
{% macro quantile_cont(x, fraction) -%}
{{ adapter.dispatch("quantile_cont", "sqlpriv")(x, fraction) }}
{%- endmacro %}

{% macro default__quantile_cont(x, fraction) -%}
quantile_cont({{ x }}, {{ fraction }})
{%- endmacro %}

{% macro spark__quantile_cont(x, fraction) -%}
percentile({{ x }}, {{ fraction }})
{%- endmacro %}
