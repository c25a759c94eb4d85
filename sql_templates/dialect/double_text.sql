{#- A DOUBLE as text, written as DuckDB writes it, for |expr| >= 1e16 and for the short decimals
    both engines write alike (issue 46). DuckDB writes the shortest round-trip form, with an
    exponent from 1e16 on ('1e+20', '-1.5e+20'); Spark writes Java's form ('1.0E20', '-1.5E20'),
    whose exponent (from 1e7 on) is rewritten when |expr| >= 1e16. Between 1e7 and 1e16 the two
    engines still differ ('10000000.0' vs '1.0E7'). -#}
{% macro double_text(expr) -%}
{{ adapter.dispatch("double_text", "sqlpriv")(expr) }}
{%- endmacro %}

{% macro default__double_text(expr) -%}
cast({{ expr }} as varchar)
{%- endmacro %}

{% macro spark__double_text(expr) -%}
case when abs({{ expr }}) >= 1e16 then replace(replace(cast({{ expr }} as string), '.0E', 'E'), 'E', 'e+') else cast({{ expr }} as string) end
{%- endmacro %}
