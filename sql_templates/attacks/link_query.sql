{#- Linkability as one statement (dbt's sqlpriv.linkability_risk and sqlpriv_max_linkability_risk):
    every record of `original` (and of `control`, when given) attacked through its `k` nearest
    rows of `synthetic` on `cols_a` and on `cols_b` (`numeric_a`, `numeric_b` flag the numeric
    columns); one row, the counts and risk of attacks/_query.sql's attacks_query_risk. The random
    baseline is drawn by the Python package only. -#}
{% macro attacks_link_query(original, synthetic, cols_a, cols_b, numeric_a, numeric_b, k=1, control=none, confidence_level=0.95) -%}
with {{ sqlpriv.quote("__sqlpriv_o") }} as ({{ sqlpriv.attacks_positioned(original) }}),
{{ sqlpriv.quote("__sqlpriv_s") }} as ({{ sqlpriv.attacks_positioned(synthetic) }}),
{% set attacks = [("__sqlpriv_m", "__sqlpriv_o")] %}
{% if control is not none %}
{{ sqlpriv.quote("__sqlpriv_c") }} as ({{ sqlpriv.attacks_positioned(control) }}),
{% set _ = attacks.append(("__sqlpriv_k", "__sqlpriv_c")) %}
{% endif %}
{% for name, targets in attacks %}
{{ sqlpriv.attacks_query_nn(name ~ "a", targets, "__sqlpriv_s", cols_a, numeric_a, k) }},
{{ sqlpriv.attacks_query_nn(name ~ "b", targets, "__sqlpriv_s", cols_b, numeric_b, k) }},
{{ sqlpriv.quote(name ~ "_links") }} as ({{ sqlpriv.attacks_links(name ~ "a_ts", name ~ "a_nn", name ~ "b_ts", name ~ "b_nn") }}),
{{ sqlpriv.quote(name ~ "_counts") }} as (select count(*) as n, coalesce(sum(case when linked then 1 else 0 end), 0) as s from {{ sqlpriv.quote(name ~ "_links") }}),
{% endfor %}
{{ sqlpriv.quote("__sqlpriv_counts") }} as (
  select m.n, m.s, {% if control is not none %}k.n as n_c, k.s as s_c{% else %}cast(null as bigint) as n_c, cast(null as bigint) as s_c{% endif %}
  from {{ sqlpriv.quote("__sqlpriv_m_counts") }} as m{% if control is not none %} cross join {{ sqlpriv.quote("__sqlpriv_k_counts") }} as k{% endif %}
)
{{ sqlpriv.attacks_query_risk("__sqlpriv_counts", confidence_level) }}
{%- endmacro %}
