{#- dbt model: anonymeter's linkability attack on every record of `original` (docs/measures.md
    §11.3), the `n_neighbors` nearest rows of `synthetic` on each of the two column sets
    `aux_cols`; with `control`, the same attack on its records and the residual risk. One row:
    n_attacks, n_success, rate, rate_error, n_control, n_control_success, control_rate,
    control_rate_error, risk, risk_low, risk_high (sqlpriv.linkability(...).risk()). `numeric`:
    the columns compared as numbers (default: the warehouse's numeric types).
    {{ sqlpriv.linkability_risk(ref('adult'), ref('adult_synthetic'), [['age', 'sex'], ['education', 'race']], control=ref('adult_control')) }} -#}
{% macro linkability_risk(original, synthetic, aux_cols, control=none, n_neighbors=1, confidence_level=0.95, numeric=none) -%}
{% do sqlpriv.check_aux_cols("linkability_risk", aux_cols) %}
{% do sqlpriv.check_k("linkability_risk", n_neighbors) %}
{% set flags = sqlpriv.check_attack("linkability_risk", original, synthetic, control, aux_cols[0] + aux_cols[1], numeric, confidence_level) %}
{% set n_a = aux_cols[0] | length %}
{{ sqlpriv.attacks_link_query(original, synthetic, aux_cols[0], aux_cols[1], flags[:n_a], flags[n_a:], k=n_neighbors, control=control, confidence_level=confidence_level) }}
{%- endmacro %}
