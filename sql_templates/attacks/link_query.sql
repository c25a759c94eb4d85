{#- Linkability as one statement (dbt's sqlpriv.linkability_risk and sqlpriv_max_linkability_risk):
    every record of `original` (and of `control`, when given) attacked through its `k` nearest
    rows of `synthetic` on `cols_a` and on `cols_b` (`numeric_a`, `numeric_b` flag the numeric
    columns); one row, the counts and risk of attacks/_query.sql's attacks_query_risk. The random
    baseline is drawn by the Python package only. -#}
{% macro attacks_link_query(original, synthetic, cols_a, cols_b, numeric_a, numeric_b, k=1, control=none, confidence_level=0.95) -%}
{{ sqlpriv.attacks_query_inputs(original, synthetic, control) }}
{% set attacks = [("__sqlpriv_m", "__sqlpriv_o")] + ([("__sqlpriv_k", "__sqlpriv_c")] if control is not none else []) %}
{% for name, targets in attacks %}
{{ sqlpriv.attacks_query_nn(name ~ "a", targets, "__sqlpriv_s", cols_a, numeric_a, k) }},
{{ sqlpriv.attacks_query_nn(name ~ "b", targets, "__sqlpriv_s", cols_b, numeric_b, k) }},
{{ sqlpriv.quote(name ~ "_links") }} as ({{ sqlpriv.attacks_links(name ~ "a_ts", name ~ "a_nn", name ~ "b_ts", name ~ "b_nn") }}),
{{ sqlpriv.quote(name ~ "_counts") }} as (select count(*) as n, coalesce(sum(case when linked then 1 else 0 end), 0) as s from {{ sqlpriv.quote(name ~ "_links") }}),
{% endfor %}
{{ sqlpriv.attacks_query_result(control, confidence_level) }}
{%- endmacro %}
