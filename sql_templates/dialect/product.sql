{#- Aggregate: the product of `x` over the group. DuckDB: product(); Spark: a fold over the
    collected values. -#}
{% macro product(x) -%}
{{ adapter.dispatch("product", "sqlpriv")(x) }}
{%- endmacro %}

{% macro default__product(x) -%}
product({{ x }})
{%- endmacro %}

{% macro spark__product(x) -%}
aggregate(collect_list(cast({{ x }} as double)), cast(1 as double), (acc, v) -> acc * v)
{%- endmacro %}
