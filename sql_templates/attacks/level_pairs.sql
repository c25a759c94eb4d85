{#- The pattern pairs of one search level: for the target patterns of the open tuples, every
    synthetic pattern that agrees with it on at least one of the column `subsets` (each an equality
    join, NULL equal to NULL; an empty subset: every pattern), with `m` the number of categorical
    columns on which the two differ (a lower bound of their rows' distance) and `n` the synthetic
    candidate rows of the pattern. Level L joins on every subset of all but L columns: all pairs
    with m <= L. `most` (a level L, instead of the subsets): the same pairs read by one join of
    every open pattern with every synthetic pattern, kept where m <= L (cheaper when few patterns
    are open). With `group`, only patterns of the same scale `__sqlpriv_sg` pair. `masked` (at most
    62 columns): `mask` has bit j set where the two differ on column j (attacks/distance.sql). -#}
{% macro attacks_level_pairs(tpat, spat, open, cats, subsets, group=false, most=none, masked=false) -%}
with a as (
  select * from {{ sqlpriv.quote(tpat) }} where cp in (select cp from {{ sqlpriv.quote(open) }})
){% if most is not none %}
select tcp, scp, n, m, mask from (
  select a.cp as tcp, b.cp as scp, b.n, {% if masked %}cast({% for j in cats %}(case when {{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }} then 0 else {{ sqlpriv.literal(2 ** j) }} end){{ " + " if not loop.last }}{% else %}0{% endfor %} as bigint){% else %}0{% endif %} as mask, {% for j in cats %}(case when {{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }} then 0 else 1 end){{ " + " if not loop.last }}{% else %}0{% endfor %} as m
  from a join {{ sqlpriv.quote(spat) }} as b on {% if group %}a.__sqlpriv_sg = b.__sqlpriv_sg{% else %}true{% endif %}
) as p where m <= {{ sqlpriv.literal(most) }}
{%- else %}, pairs as (
{% for subset in subsets %}
  select a.cp as tcp, b.cp as scp from a join {{ sqlpriv.quote(spat) }} as b on {% if group %}a.__sqlpriv_sg = b.__sqlpriv_sg{{ " and " if subset }}{% endif %}{% for j in subset %}{{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }}{{ " and " if not loop.last }}{% else %}{% if not group %}true{% endif %}{% endfor %}
  {{ "union" if not loop.last }}
{% endfor %}
)
select p.tcp, p.scp, b.n, {% if masked %}cast({% for j in cats %}(case when {{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }} then 0 else {{ sqlpriv.literal(2 ** j) }} end){{ " + " if not loop.last }}{% else %}0{% endfor %} as bigint){% else %}0{% endif %} as mask, {% for j in cats %}(case when {{ sqlpriv.not_distinct("a." ~ sqlpriv.quote("c" ~ j), "b." ~ sqlpriv.quote("c" ~ j)) }} then 0 else 1 end){{ " + " if not loop.last }}{% else %}0{% endfor %} as m
from pairs as p
join {{ sqlpriv.quote(tpat) }} as a on a.cp = p.tcp
join {{ sqlpriv.quote(spat) }} as b on b.cp = p.scp
{%- endif %}
{%- endmacro %}
