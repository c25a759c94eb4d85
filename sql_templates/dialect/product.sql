{#- Aggregate: the product of `x` over the group (over the rows where `where` holds, if given).
    DuckDB: product(); Spark: a fold over the collected values (1 when no row qualifies, where
    DuckDB gives NULL). -#}
{% macro product(x, where=none) -%}
{{ adapter.dispatch("product", "sqlpriv")(x, where) }}
{%- endmacro %}

{% macro default__product(x, where=none) -%}
product({{ x }}){% if where is not none %} filter (where {{ where }}){% endif %}
{%- endmacro %}

{% macro spark__product(x, where=none) -%}
aggregate(collect_list(cast({{ x }} as double)){% if where is not none %} filter (where {{ where }}){% endif %}, cast(1 as double), (acc, v) -> acc * v)
{%- endmacro %}
