{#- Each row's 0-based position in input order. `dense`: exactly 0..n-1 (it is output as the row
    label); otherwise any increasing unique number does (only the order is used, e.g. when a key
    column labels the rows). DuckDB: row_number() over (), its insertion order, either way.
    Spark: a dense position needs a window over the whole table in one partition, so a sparse
    one is monotonically_increasing_id(), which needs no shuffle. -#}
{% macro row_position(dense=true) -%}
{{ adapter.dispatch("row_position", "sqlpriv")(dense) }}
{%- endmacro %}

{% macro default__row_position(dense=true) -%}
{{ sqlpriv.row_number() }} - 1
{%- endmacro %}

{% macro spark__row_position(dense=true) -%}
{% if dense %}{{ sqlpriv.row_number() }} - 1{% else %}monotonically_increasing_id(){% endif %}
{%- endmacro %}
