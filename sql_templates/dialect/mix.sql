{#- Posterior p mixed with the prior q by an accuracy a (docs/measures.md §2): a * p + (1 - a) * q.
    DuckDB: the sqlpriv_pif_mix macro; Spark: inline. -#}
{% macro mix(a, p, q) -%}
{{ adapter.dispatch("mix", "sqlpriv")(a, p, q) }}
{%- endmacro %}

{% macro default__mix(a, p, q) -%}
sqlpriv_pif_mix({{ a }}, {{ p }}, {{ q }})
{%- endmacro %}

{% macro spark__mix(a, p, q) -%}
(({{ a }}) * ({{ p }}) + (1 - ({{ a }})) * ({{ q }}))
{%- endmacro %}
