{#- dbt model: anonymeter's inference attack on every record of `original` (docs/measures.md
    §11.4): the `secret` of its nearest row of `synthetic` on `aux_cols` is the guess, right when
    equal or, for a numeric secret (`regression`, default: the secret is numeric), within the
    relative `tolerance`; with `control`, the same attack on its records and the residual risk.
    One row, as sqlpriv.linkability_risk.
    {{ sqlpriv.inference_risk(ref('adult'), ref('adult_synthetic'), ['age', 'sex', 'race'], 'salary', control=ref('adult_control')) }} -#}
{% macro inference_risk(original, synthetic, aux_cols, secret, control=none, regression=none, tolerance=0.05, confidence_level=0.95, numeric=none) -%}
{% do sqlpriv.check_columns("inference_risk", original, aux_cols) %}
{% if secret is not string or secret | lower in (aux_cols | map("lower") | list) %}
{% do exceptions.raise_compiler_error("sqlpriv.inference_risk: argument `secret` must be one column name that is not among `aux_cols`, got " ~ secret) %}
{% endif %}
{% if tolerance is not number or tolerance is sameas true or tolerance is sameas false or tolerance < 0 %}
{% do exceptions.raise_compiler_error("sqlpriv.inference_risk: argument `tolerance` must be a number >= 0, got " ~ tolerance) %}
{% endif %}
{% set flags = sqlpriv.check_attack("inference_risk", original, synthetic, control, aux_cols + [secret], numeric, confidence_level) %}
{% set is_regression = flags[-1] if regression is none else regression %}
{{ sqlpriv.attacks_infer_query(original, synthetic, aux_cols, flags[:-1], secret, regression=is_regression, tolerance=tolerance, control=control, confidence_level=confidence_level) }}
{%- endmacro %}
