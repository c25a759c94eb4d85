{#- Every evaluated node with its metrics (docs/measures.md §7), from the node statistics and the
    per-level bounds. Suppression (classes smaller than k replaced by '*') applies where it stays
    within the limit (suppressed <= max_suppressed); otherwise the node keeps every record and fails.
      loss_<qi>: ARX's MetricMDNMLoss per column, gs-factor 0.5 (a suppressed record costs 1 per
        column), normalised and floored to 1e-10 as ARX does; loss: the vector sorted descending
        (ARX's RANK aggregate, compared lexicographically);
      discernibility: ARX's MetricSDNMDiscernability (kept class: size^2; suppressed record: n);
      aecs: n / (kept classes + 1 if any record is suppressed) (ARX's MetricSDAECS);
      precision: mean over columns of (kept rows x level / height + suppressed rows) / n;
      entropy_<qi>: ARX's non-uniform entropy per column (MetricMDNUNMEntropy, gs-factor 0.5): the
        generalization's entropy plus, where records are suppressed, the entropy of their labels,
        floored to 1e-10; entropy: their sum (ARX's SUM aggregate, Metric.createEntropyMetric()).
    The bounds are read as one row of per-column lists (one cross join: nine joins, one per
    column, cost more to plan than to run). With only (a metric name) the query is the search's
    lean one: node, meets_policy, that metric, dm_bound and suppressed, nothing else computed
    (only="policy": no metric, a null "policy" column: the search takes the a-priori bound, exact
    for loss and entropy when nothing may be suppressed)
    (planning the full query per batch cost as much as running it); weights: a table holding
    generalize/weights.sql's row, made once per search (else computed here). -#}
{% macro generalize_candidates(stats, bounds, qis, heights, n, k, max_suppressed, criteria, only=none, weights=none) -%}
{% set d = heights | length %}
{% set want_loss = only is none or only == "loss" %}
{% set want_entropy = only is none or only == "entropy" %}
with s as (
  select *, suppressed <= {{ sqlpriv.literal(max_suppressed) }} as applied from {{ sqlpriv.quote(stats) }}
){% if want_loss or want_entropy %}, bw as (
{% if weights %}
  select * from {{ sqlpriv.quote(weights) }}
{% else %}
{{ sqlpriv.generalize_weights(bounds, d) }}
{% endif %}
){% endif %}, l as (
  select s.*
{% for j in range(d) %}
{% if want_loss %}
    , case when bw.{{ sqlpriv.quote("dom_" ~ j) }} <= 1 then 0.0 else floor(round(greatest(0.0,
        (bw.{{ sqlpriv.quote("raw_" ~ j) }}[s.{{ sqlpriv.quote("lvl_" ~ j) }} + 1] + case when applied then suppressed - {{ sqlpriv.quote("supp_share_" ~ j) }} else 0 end
         - {{ sqlpriv.literal(n) }} / bw.{{ sqlpriv.quote("dom_" ~ j) }})
        / ({{ sqlpriv.literal(n) }} - {{ sqlpriv.literal(n) }} / bw.{{ sqlpriv.quote("dom_" ~ j) }})) * 1e10, 3)) / 1e10 end as {{ sqlpriv.quote("loss_" ~ j) }}
{% endif %}
{% if want_entropy %}
    , floor(round((bw.{{ sqlpriv.quote("ent_" ~ j) }}[s.{{ sqlpriv.quote("lvl_" ~ j) }} + 1] + case when applied then {{ sqlpriv.quote("supp_entropy_" ~ j) }} else 0 end) * 1e10, 3)) / 1e10 as {{ sqlpriv.quote("entropy_" ~ j) }}
{% endif %}
{% endfor %}
  from s{% if want_loss or want_entropy %} cross join bw{% endif %}
), m as (
  select l.*,
{% if want_loss %}
    list_sort([{% for j in range(d) %}{{ sqlpriv.quote("loss_" ~ j) }}{{ ", " if not loop.last }}{% endfor %}], 'DESC') as loss,
{% endif %}
{% if only is none or only == "discernibility" %}
    case when applied then dm_kept + {{ sqlpriv.literal(n) }} * suppressed else dm_star end as discernibility,
{% endif %}
{% if only is none or only == "aecs" %}
    {{ sqlpriv.literal(n) }} / (case when applied then classes - suppressed_classes + (suppressed > 0)::int else classes end) as aecs,
{% endif %}
{% if only is none or only == "precision" %}
    ({% for j in range(d) %}{{ " + " if not loop.first }}((({{ sqlpriv.literal(n) }} - case when applied then suppressed else 0 end) * {{ sqlpriv.quote("lvl_" ~ j) }} / {{ sqlpriv.literal([heights[j] - 1, 1] | max) }}) + case when applied then suppressed else 0 end) / {{ sqlpriv.literal(n) }}{% endfor %}) / {{ sqlpriv.literal(d) }} as precision,
{% endif %}
{% if want_entropy %}
    ({% for j in range(d) %}{{ " + " if not loop.first }}{{ sqlpriv.quote("entropy_" ~ j) }}{% endfor %}) as entropy,
{% endif %}
    applied{% for c in criteria %} and ({{ sqlpriv.generalize_criterion(c.kind, c.value, n, k) }}){% endfor %} as meets_policy
  from l
)
{% if only == "policy" %}
select node, meets_policy, cast(null as double) as policy, dm_bound, cast(case when applied then suppressed else 0 end as bigint) as suppressed
from m
{% elif only is not none %}
select node, meets_policy, {{ sqlpriv.quote(only) }}, dm_bound, cast(case when applied then suppressed else 0 end as bigint) as suppressed
from m
{% else %}
select
{% for j in range(d) %}
  {{ sqlpriv.quote("lvl_" ~ j) }} as {{ sqlpriv.quote(qis[j]) }},
{% endfor %}
  classes, smallest_class,
  cast(case when applied then suppressed else 0 end as bigint) as suppressed,
  case when applied then classes - suppressed_classes else classes end as kept_classes,
  loss,
{% for j in range(d) %}
  {{ sqlpriv.quote("loss_" ~ j) }} as {{ sqlpriv.quote("loss_" ~ qis[j]) }},
{% endfor %}
  discernibility, aecs, precision, entropy,
{% for j in range(d) %}
  {{ sqlpriv.quote("entropy_" ~ j) }} as {{ sqlpriv.quote("entropy_" ~ qis[j]) }},
{% endfor %}
  case when applied and {{ sqlpriv.literal(k) }} > 1 then 0 else singles end as unique_rows,
  ({% for j in range(d) %}{{ " + " if not loop.first }}{{ sqlpriv.quote("lvl_" ~ j) }}{% endfor %}) as level_sum,
  dm_star, dm_bound, meets_policy, node
from m
{% endif %}
{%- endmacro %}
