{#- Singling out by queries as one statement (dbt's sqlpriv.singling_out_queries_risk and
    sqlpriv_max_singling_out_risk): the SQL draw of attacks/_draw.sql on the distinct `synthetic`
    records, its queries counted on the distinct `original` (and `control`) records, its guesses on
    `original`; one row per attack (main, baseline, control): attack, n_attacks, n_success, rate,
    rate_error, risk, risk_low, risk_high (attacks/_query.sql's attacks_query_risk). -#}
{% macro attacks_so_query(original, synthetic, columns, control, mode, seed, n_attacks, n_cols, attempts, confidence_level) -%}
{% set names = columns | map(attribute="name") | list %}
with __sqlpriv_ds as ({{ sqlpriv.attacks_so_distinct(synthetic, names) }}),
__sqlpriv_do as ({{ sqlpriv.attacks_so_distinct(original, names, numbered=false) }}),
{% if control is not none %}
__sqlpriv_dc as ({{ sqlpriv.attacks_so_distinct(control, names, numbered=false) }}),
{% endif %}
{{ sqlpriv.attacks_draw_ctes("__sqlpriv_ds", columns, mode, seed, n_attacks, n_cols, attempts) }},
{{ sqlpriv.attacks_draw_counts("__sqlpriv_cm", "__sqlpriv_q", "__sqlpriv_do", columns) }}
{{ sqlpriv.attacks_draw_counts("__sqlpriv_cb", "__sqlpriv_g", "__sqlpriv_do", columns) }}
{% if control is not none %}
{{ sqlpriv.attacks_draw_counts("__sqlpriv_cc", "__sqlpriv_q", "__sqlpriv_dc", columns) }}
{% endif %}
__sqlpriv_counts as (
  select coalesce(nullif(m.n_q, 0), {{ sqlpriv.literal(n_attacks) }}) as n, m.s,
{% if control is not none %}
    coalesce(nullif(m.n_q, 0), {{ sqlpriv.literal(n_attacks) }}) as n_c, c.s as s_c
  from __sqlpriv_cm as m cross join __sqlpriv_cc as c
{% else %}
    cast(null as bigint) as n_c, cast(null as bigint) as s_c
  from __sqlpriv_cm as m
{% endif %}
),
__sqlpriv_bcounts as (
  select m.n, b.s, cast(null as bigint) as n_c, cast(null as bigint) as s_c from __sqlpriv_counts as m cross join __sqlpriv_cb as b
),
__sqlpriv_rm as ({{ sqlpriv.attacks_query_risk("__sqlpriv_counts", confidence_level) }}),
__sqlpriv_rb as ({{ sqlpriv.attacks_query_risk("__sqlpriv_bcounts", confidence_level) }})
select 'main' as attack, n_attacks, n_success, rate, rate_error, risk, risk_low, risk_high from __sqlpriv_rm
union all
select 'baseline' as attack, n_attacks, n_success, rate, rate_error, risk, risk_low, risk_high from __sqlpriv_rb
{% if control is not none %}
union all
select 'control' as attack, n_control, n_control_success, control_rate, control_rate_error, cast(null as double), cast(null as double), cast(null as double) from __sqlpriv_rm
{% endif %}
{%- endmacro %}
