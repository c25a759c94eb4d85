{#- One term p * log2(p / q) of a KL divergence in bits, 0 where p = 0. DuckDB: the
    sqlpriv_pif_kl_term macro; Spark: inline. -#}
{% macro kl_term(p, q) -%}
{{ adapter.dispatch("kl_term", "sqlpriv")(p, q) }}
{%- endmacro %}

{% macro default__kl_term(p, q) -%}
sqlpriv_pif_kl_term({{ p }}, {{ q }})
{%- endmacro %}

{% macro spark__kl_term(p, q) -%}
case when ({{ p }}) > 0 then ({{ p }}) * log2(({{ p }}) / ({{ q }})) else 0 end
{%- endmacro %}
