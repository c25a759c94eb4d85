{#- Per synthetic row (`row`: its 0-based position): `dcr` its distance to the closest original
    record (the engine's sum over `n_columns` columns: SDMetrics' mean), `dcr_second` to the second
    closest, `nndr` their ratio (0 where both are 0), `copy` whether an original row equals it on
    every column (NULL equal to NULL), and with a holdout `dcr_holdout` and `closer_to_training`. -#}
{% macro attacks_dcr_rows(synthetic, original, columns, n_columns, nn, holdout=none) -%}
with nn as (
  select s.__sqlpriv_pos as pos,
    max(case when n.rk = 1 then n.d end) / {{ sqlpriv.literal(n_columns) }} as d1,
    max(case when n.rk = 2 then n.d end) / {{ sqlpriv.literal(n_columns) }} as d2
  from {{ sqlpriv.quote(nn.scaled) }} as s join {{ sqlpriv.quote(nn.neighbours) }} as n on n.tid = s.tid
  group by s.__sqlpriv_pos
){% if holdout is not none %}, h as (
  select s.__sqlpriv_pos as pos, min(n.d) / {{ sqlpriv.literal(n_columns) }} as dh
  from {{ sqlpriv.quote(holdout.scaled) }} as s join {{ sqlpriv.quote(holdout.neighbours) }} as n on n.tid = s.tid
  where n.rk = 1 group by s.__sqlpriv_pos
){% endif %}
select y.__sqlpriv_pos as row, nn.d1 as dcr, nn.d2 as dcr_second,
  case when nn.d2 = 0 then 0.0 else nn.d1 / nn.d2 end as nndr,
  exists (select 1 from {{ sqlpriv.quote(original) }} as o where {% for c in columns %}{{ sqlpriv.not_distinct("o." ~ sqlpriv.quote(c), "y." ~ sqlpriv.quote(c)) }}{{ " and " if not loop.last }}{% endfor %}) as copy
  {% if holdout is not none %}, h.dh as dcr_holdout, nn.d1 < h.dh as closer_to_training{% endif %}

from {{ sqlpriv.quote(synthetic) }} as y
join nn on nn.pos = y.__sqlpriv_pos{% if holdout is not none %} join h on h.pos = y.__sqlpriv_pos{% endif %}
{%- endmacro %}
