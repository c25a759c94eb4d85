{#- Coefficient of log2 N(s) in phi_j (docs/measures.md §1) for subset `sid` of `d` columns: +w(|s|) if j
    is not in s, -w(|s|-1) if it is, w(k) = 1 / (d C(d-1, k)). DuckDB: the
    sqlpriv_shapley_coefficient macro; Spark: inline, C(n, k) from factorial (d <= 20, exact). -#}
{% macro shapley_coefficient(sid, j, d) -%}
{{ adapter.dispatch("shapley_coefficient", "sqlpriv")(sid, j, d) }}
{%- endmacro %}

{% macro default__shapley_coefficient(sid, j, d) -%}
sqlpriv_shapley_coefficient({{ sid }}, {{ j }}, {{ d }})
{%- endmacro %}

{% macro spark__shapley_coefficient(sid, j, d) -%}
{% set k = "bit_count(cast(" ~ sid ~ " as bigint))" %}
case when {{ sqlpriv.has_bit(sid, j) }}
         then -1.0 / ({{ d }} * round(factorial({{ d - 1 }}) / (factorial({{ k }} - 1) * factorial({{ d }} - {{ k }}))))
         else 1.0 / ({{ d }} * round(factorial({{ d - 1 }}) / (factorial({{ k }}) * factorial({{ d - 1 }} - {{ k }})))) end
{%- endmacro %}
