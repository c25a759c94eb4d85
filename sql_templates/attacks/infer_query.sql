{#- Inference as one statement (dbt's sqlpriv.inference_risk and sqlpriv_max_inference_risk):
    every record of `original` (and of `control`, when given) has its `secret` guessed from its
    nearest row of `synthetic` on `aux` (`numeric` flags the numeric columns), right as
    attacks/secret_match.sql says (`regression`, `tolerance`); one row, the counts and risk of
    attacks/_query.sql's attacks_query_risk. The random baseline is drawn by the Python package only. -#}
{% macro attacks_infer_query(original, synthetic, aux, numeric, secret, regression=false, tolerance=0.05, control=none, confidence_level=0.95) -%}
{{ sqlpriv.attacks_query_inputs(original, synthetic, control) }}
{% set attacks = [("__sqlpriv_m", "__sqlpriv_o")] + ([("__sqlpriv_k", "__sqlpriv_c")] if control is not none else []) %}
{% for name, targets in attacks %}
{{ sqlpriv.attacks_query_nn(name, targets, "__sqlpriv_s", aux, numeric, 1) }},
{{ sqlpriv.quote(name ~ "_guesses") }} as ({{ sqlpriv.attacks_guesses(name ~ "_ts", name ~ "_nn", targets, "__sqlpriv_s", secret, regression, tolerance) }}),
{{ sqlpriv.quote(name ~ "_counts") }} as (select count(*) as n, coalesce(sum(case when success then 1 else 0 end), 0) as s from {{ sqlpriv.quote(name ~ "_guesses") }}),
{% endfor %}
{{ sqlpriv.attacks_query_result(control, confidence_level) }}
{%- endmacro %}
