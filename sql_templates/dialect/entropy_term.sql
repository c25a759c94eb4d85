{#- One cell's contribution -p log2 p to an entropy, p = cnt / total. DuckDB: the
    sqlpriv_entropy_term macro; Spark: inline. -#}
{% macro entropy_term(cnt, total) -%}
{{ adapter.dispatch("entropy_term", "sqlpriv")(cnt, total) }}
{%- endmacro %}

{% macro default__entropy_term(cnt, total) -%}
sqlpriv_entropy_term({{ cnt }}, {{ total }})
{%- endmacro %}

{% macro spark__entropy_term(cnt, total) -%}
case when ({{ cnt }}) > 0 then -(cast({{ cnt }} as double) / ({{ total }})) * log2(cast({{ cnt }} as double) / ({{ total }})) else 0 end
{%- endmacro %}
