{#- The attacks as single statements (the dbt models and generic tests):
    every target attacked, the nearest synthetic rows found by one cross join of the distinct
    target tuples with the candidate rows (the same ranges, scaling, candidates, distance and tie
    rule as the levelled search of attacks/search.sql, so the same neighbours), the success
    counts, and the risk with its interval (docs/measures.md §10.1) computed in SQL. -#}

{#- CTEs `<prefix>_ranges`, `_ts` (scaled targets), `_ss`, `_tuples`, `_cand` and `_nn` (`tid, rk,
    sid, spos, d`: each target tuple's `k` nearest synthetic rows; ties to the smaller position). -#}
{% macro attacks_query_nn(prefix, targets, synthetic, columns, numeric, k) -%}
{% set cats = [] %}
{% for flag in numeric %}{% if not flag %}{% set _ = cats.append(loop.index0) %}{% endif %}{% endfor %}
{{ sqlpriv.quote(prefix ~ "_ranges") }} as ({{ sqlpriv.attacks_ranges(targets, synthetic, columns, numeric) }}),
{{ sqlpriv.quote(prefix ~ "_ts") }} as ({{ sqlpriv.attacks_scaled(targets, prefix ~ "_ranges", columns, numeric, cats) }}),
{{ sqlpriv.quote(prefix ~ "_ss") }} as ({{ sqlpriv.attacks_scaled(synthetic, prefix ~ "_ranges", columns, numeric, cats, synthetic=true) }}),
{{ sqlpriv.quote(prefix ~ "_tuples") }} as ({{ sqlpriv.attacks_tuples(prefix ~ "_ts", columns | length) }}),
{{ sqlpriv.quote(prefix ~ "_cand") }} as ({{ sqlpriv.attacks_candidates(prefix ~ "_ss", k) }}),
{{ sqlpriv.quote(prefix ~ "_nn") }} as (
  select tid, rk, sid, spos, d from (
    select tid, sid, spos, d, row_number() over (partition by tid order by d nulls last, spos) as rk from (
      select t.tid, s.tid as sid, s.__sqlpriv_pos as spos, {{ sqlpriv.attacks_distance(numeric, "t", "s") }} as d
      from {{ sqlpriv.quote(prefix ~ "_tuples") }} as t cross join {{ sqlpriv.quote(prefix ~ "_cand") }} as s
    ) as pairs
  ) as ranked
  where rk <= {{ sqlpriv.literal(k) }}
)
{%- endmacro %}

{#- A polynomial in `x` (an SQL expression) by Horner's rule, coefficients from the highest power. -#}
{% macro attacks_query_horner(coefficients, x) -%}
{% for c in coefficients[1:] %}({% endfor %}cast({{ sqlpriv.literal(coefficients[0]) }} as double){% for c in coefficients[1:] %} * {{ x }} + cast({{ sqlpriv.literal(c) }} as double)){% endfor %}
{%- endmacro %}

{#- The two-sided standard normal quantile of `confidence_level` as an SQL expression: Wichura's
    algorithm AS241 (Applied Statistics 37(3), 1988), the one Python's NormalDist.inv_cdf runs, so
    the interval equals sqlpriv.attacks.risk.probit's to the last bits. The branch is chosen here
    (the level is a constant); the logarithm of the tail branch is computed in SQL. -#}
{% macro attacks_query_probit(confidence_level) -%}
{% set p = 0.5 * (1.0 + confidence_level) %}
{% set q = p - 0.5 %}
{% if q <= 0.425 %}
{% set r = 0.180625 - q * q %}
(({{ sqlpriv.attacks_query_horner([2509.0809287301227, 33430.57558358813, 67265.7709270087, 45921.95393154987, 13731.69376550946, 1971.5909503065513, 133.14166789178438, 3.3871328727963665], sqlpriv.literal(r)) }}) * {{ sqlpriv.literal(q) }} / ({{ sqlpriv.attacks_query_horner([5226.495278852854, 28729.085735721943, 39307.89580009271, 21213.794301586597, 5394.196021424751, 687.1870074920579, 42.31333070160091, 1.0], sqlpriv.literal(r)) }}))
{%- elif 1.0 - p >= 1.3887943864964021e-11 %}
(select ({{ sqlpriv.attacks_query_horner([0.0007745450142783414, 0.022723844989269184, 0.2417807251774506, 1.2704582524523684, 3.6478483247632045, 5.769497221460691, 4.630337846156546, 1.4234371107496835], "w.r") }}) / ({{ sqlpriv.attacks_query_horner([1.0507500716444169e-09, 0.0005475938084995345, 0.015198666563616457, 0.14810397642748008, 0.6897673349851, 1.6763848301838038, 2.053191626637759, 1.0], "w.r") }}) from (select sqrt(-ln(cast({{ sqlpriv.literal(1.0 - p) }} as double))) - 1.6 as r) as w)
{%- else -%}
(select ({{ sqlpriv.attacks_query_horner([2.0103343992922881e-07, 2.7115555687434876e-05, 0.0012426609473880784, 0.026532189526576124, 0.29656057182850487, 1.7848265399172913, 5.463784911164114, 6.657904643501103], "w.r") }}) / ({{ sqlpriv.attacks_query_horner([2.0442631033899397e-15, 1.421511758316446e-07, 1.8463183175100548e-05, 0.0007868691311456133, 0.014875361290850615, 0.1369298809227358, 0.599832206555888, 1.0], "w.r") }}) from (select sqrt(-ln(cast({{ sqlpriv.literal(1.0 - p) }} as double))) - 5.0 as r) as w)
{%- endif %}
{%- endmacro %}

{#- One row: an attack's counts (`counts`: a relation with n, s and, with a control attack, n_c and
    s_c; NULL without) and the figures of sqlpriv.attacks.risk: the Wilson centre and half-width of
    each rate, the residual risk against the control where there is one (else the rate), and its
    interval, clipped to [0, 1]. -#}
{% macro attacks_query_risk(counts, confidence_level) -%}
select n as n_attacks, s as n_success, rate, rate_error, n_c as n_control, s_c as n_control_success,
  control_rate, control_rate_error,
  least(greatest(v, 0.0), 1.0) as risk, least(greatest(v - e, 0.0), 1.0) as risk_low, least(greatest(v + e, 0.0), 1.0) as risk_high
from (
  select *,
    case when n_c is null then rate else (rate - control_rate) / (1.0 - control_rate) end as v,
    case when n_c is null then rate_error else sqrt(
      power(rate_error * (1.0 / (1.0 - control_rate)), 2)
      + power(control_rate_error * ((rate - 1.0) / power(1.0 - control_rate, 2)), 2)
    ) end as e
  from (
    select n, s, n_c, s_c,
      (s + 0.5 * z2) / (n + z2) as rate,
      (z / (n + z2)) * sqrt(cast(s * (n - s) as double) / n + 0.25 * z2) as rate_error,
      (s_c + 0.5 * z2) / (n_c + z2) as control_rate,
      (z / (n_c + z2)) * sqrt(cast(s_c * (n_c - s_c) as double) / n_c + 0.25 * z2) as control_rate_error
    from {{ sqlpriv.quote(counts) }} cross join (select z, z * z as z2 from (select {{ sqlpriv.attacks_query_probit(confidence_level) }} as z) as zq) as zz
  ) as rates
) as residual
{%- endmacro %}


{#- The head of a one-statement attack: `with` and the positioned CTEs of `original`
    (__sqlpriv_o), `synthetic` (__sqlpriv_s) and, when given, `control` (__sqlpriv_c), each
    followed by a comma. -#}
{% macro attacks_query_inputs(original, synthetic, control) -%}
with {{ sqlpriv.quote("__sqlpriv_o") }} as ({{ sqlpriv.attacks_positioned(original) }}),
{{ sqlpriv.quote("__sqlpriv_s") }} as ({{ sqlpriv.attacks_positioned(synthetic) }}),
{% if control is not none %}
{{ sqlpriv.quote("__sqlpriv_c") }} as ({{ sqlpriv.attacks_positioned(control) }}),
{% endif %}
{%- endmacro %}


{#- The tail of a one-statement attack: the main (__sqlpriv_m_counts) and control
    (__sqlpriv_k_counts) counts side by side, then attacks_query_risk's row. -#}
{% macro attacks_query_result(control, confidence_level) -%}
{{ sqlpriv.quote("__sqlpriv_counts") }} as (
  select m.n, m.s, {% if control is not none %}k.n as n_c, k.s as s_c{% else %}cast(null as bigint) as n_c, cast(null as bigint) as s_c{% endif %}
  from {{ sqlpriv.quote("__sqlpriv_m_counts") }} as m{% if control is not none %} cross join {{ sqlpriv.quote("__sqlpriv_k_counts") }} as k{% endif %}
)
{{ sqlpriv.attacks_query_risk("__sqlpriv_counts", confidence_level) }}
{%- endmacro %}
