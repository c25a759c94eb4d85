{#- The items of the list `items` (a SQL list expression) whose 0-based positions are the bits of
    the column-set bitmask `sid`, in order. DuckDB: the sqlpriv_so_set_items macro; Spark: filter
    with the 0-based index (shiftright: Spark's parser reads no >> inside a lambda). -#}
{% macro set_items(sid, items) -%}
{{ adapter.dispatch("set_items", "sqlpriv")(sid, items) }}
{%- endmacro %}

{% macro default__set_items(sid, items) -%}
sqlpriv_so_set_items({{ sid }}, {{ items }})
{%- endmacro %}

{% macro spark__set_items(sid, items) -%}
filter({{ items }}, (__sqlpriv_x, __sqlpriv_i) -> (shiftright(cast({{ sid }} as bigint), __sqlpriv_i) & 1) = 1)
{%- endmacro %}
