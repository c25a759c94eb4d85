{#- Aggregate: the values of `value` over the group as a list ordered by `order`. DuckDB:
    list(... order by ...); Spark: the sorted collected (order, value) pairs. -#}
{% macro ordered_list(value, order) -%}
{{ adapter.dispatch("ordered_list", "sqlpriv")(value, order) }}
{%- endmacro %}

{% macro default__ordered_list(value, order) -%}
list({{ value }} order by {{ order }})
{%- endmacro %}

{% macro spark__ordered_list(value, order) -%}
transform(array_sort(collect_list(named_struct('o', {{ order }}, 'v', {{ value }}))), x -> x.v)
{%- endmacro %}
