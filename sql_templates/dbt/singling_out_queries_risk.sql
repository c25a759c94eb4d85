{#- dbt model: anonymeter's singling-out attack by queries (docs/measures.md §10.2) with the SQL
    draw (attacks/_draw.sql: the queries sqlpriv.singling_out_queries(..., draw="sql") makes),
    every column of `synthetic` attacked. One row per attack, `attack` main, baseline and (with
    `control`) control: n_attacks (the queries made), n_success (those matching exactly one
    distinct record of `original`, of `control`), rate, rate_error (Wilson, at
    `confidence_level`), and on the main row the risk (residual over the control where there is
    one, else the rate) with risk_low, risk_high, on the baseline row the baseline rate as a risk
    (= .summary() and .risk() / .risk(baseline=True) in Python). `max_attempts` (multivariate):
    synthetic records tried, default 20 x n_attacks.
    {{ sqlpriv.singling_out_queries_risk(ref('adult'), ref('adult_synthetic'), control=ref('adult_control'), mode='multivariate', n_attacks=100) }} -#}
{% macro singling_out_queries_risk(original, synthetic, control=none, mode="univariate", n_attacks=500, n_cols=3, seed=0, max_attempts=none, confidence_level=0.95) -%}
{% set columns = sqlpriv.check_singling_out_queries("singling_out_queries_risk", original, synthetic, control, mode, n_attacks, n_cols, seed, max_attempts, confidence_level) %}
{{ sqlpriv.attacks_so_query(original, synthetic, columns, control, mode, seed, n_attacks, n_cols, 20 * n_attacks if max_attempts is none else max_attempts, confidence_level) }}
{%- endmacro %}
