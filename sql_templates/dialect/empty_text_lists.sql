{#- An empty list of lists of text (the MSUs of a row that has none). DuckDB: []::varchar[][];
    Spark: an empty array cast to array<array<string>>. -#}
{% macro empty_text_lists() -%}
{{ adapter.dispatch("empty_text_lists", "sqlpriv")() }}
{%- endmacro %}

{% macro default__empty_text_lists() -%}
[]::varchar[][]
{%- endmacro %}

{% macro spark__empty_text_lists() -%}
cast(array() as array<array<string>>)
{%- endmacro %}
