{#- dbt model: the distance-based measures of sqlpriv.dcr (docs/measures.md §11.6) in one statement
    (attacks/dcr_query.sql: every synthetic row against every original record, SDMetrics' DCR
    distance) on `columns` (default: every column of `synthetic`); `control`: the holdout of
    SDMetrics' DCROverfittingProtection. One row: n_synthetic, dcr_median, dcr_min, nndr_median,
    exact_copy_share, dcr_closer_to_training, dcr_overfitting_protection (the last two NULL
    without `control`), equal to sqlpriv.dcr(...).figures. `numeric`: the columns compared as
    numbers (default: the warehouse's numeric types).
    {{ sqlpriv.dcr_risk(ref('adult'), ref('adult_synthetic'), control=ref('adult_control')) }} -#}
{% macro dcr_risk(original, synthetic, control=none, columns=none, numeric=none) -%}
{% set cols = sqlpriv.check_dcr("dcr_risk", original, synthetic, control, columns) %}
{% set flags = sqlpriv.check_attack("dcr_risk", original, synthetic, control, cols, numeric) if cols else [] %}
{{ sqlpriv.attacks_dcr_query(original, synthetic, cols, flags, control=control) }}
{%- endmacro %}
