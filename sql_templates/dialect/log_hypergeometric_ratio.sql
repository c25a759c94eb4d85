{#- ln(P_k(1) / P_1(1)) for the hypergeometric law (population `big`, `k` marked, `n` drawn), for
    k >= 2 and big - n - k + 2 > 0 (Zayatz's model, risk/zayatz.sql):
    ln k + sum_{j=1}^{k-1} ln((big - n - j + 1) / (big - j)). DuckDB: in log-gamma; Spark (no
    lgamma): the sum itself, folded over sequence(1, k - 1). -#}
{% macro log_hypergeometric_ratio(k, big, n) -%}
{{ adapter.dispatch("log_hypergeometric_ratio", "sqlpriv")(k, big, n) }}
{%- endmacro %}

{% macro default__log_hypergeometric_ratio(k, big, n) -%}
ln({{ k }}) + lgamma({{ big }} - {{ n }} + 1) - lgamma({{ big }} - {{ n }} - {{ k }} + 2) - lgamma({{ big }}) + lgamma({{ big }} - {{ k }} + 1)
{%- endmacro %}

{% macro spark__log_hypergeometric_ratio(k, big, n) -%}
ln({{ k }}) + aggregate(sequence(cast(1 as bigint), cast({{ k }} as bigint) - 1), cast(0 as double), (acc, j) -> acc + ln(({{ big }} - {{ n }} - j + 1) / ({{ big }} - j)))
{%- endmacro %}
