{#- The items (already rendered as SQL, e.g. sqlpriv.literal(name)) of the column subset encoded
    as bitmask `sid`, in column order, as a list of text. DuckDB: list_filter with the 1-based
    index; Spark: filter with the 0-based index (shiftright: Spark's parser reads no >> inside
    a lambda). -#}
{% macro subset_names(items, sid) -%}
{{ adapter.dispatch("subset_names", "sqlpriv")(items, sid) }}
{%- endmacro %}

{% macro default__subset_names(items, sid) -%}
list_filter([{{ items | join(", ") }}],
                lambda x, i: {{ sqlpriv.has_bit(sid, "i - 1") }})
{%- endmacro %}

{% macro spark__subset_names(items, sid) -%}
filter(array({{ items | join(", ") }}), (x, i) -> (shiftright(cast({{ sid }} as bigint), i) & 1) = 1)
{%- endmacro %}
