{#- An integer shifted left by `bits` bits, as a BIGINT (a dictionary code moved to its field of a
    packed word). DuckDB: (value << bits), its row_number() codes are BIGINT already; Spark: the
    value cast to BIGINT first, since Spark's row_number() is an INT and an INT shifts by
    `bits` mod 32 (Java's shift), so a field at offset 32 or more landed on the low bits. -#}
{% macro shift_left(value, bits) -%}
{{ adapter.dispatch("shift_left", "sqlpriv")(value, bits) }}
{%- endmacro %}

{% macro default__shift_left(value, bits) -%}
({{ value }} << {{ bits }})
{%- endmacro %}

{% macro spark__shift_left(value, bits) -%}
(cast({{ value }} as bigint) << {{ bits }})
{%- endmacro %}
