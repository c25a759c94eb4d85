{#- One chunk of one search level: for the open target tuples `lo` <= tid <= `hi`, the candidate
    rows of the level's pattern pairs ranked by distance, then synthetic position; the k nearest
    are kept where they are proven final: the k-th distance `dk` is below `bound` (level L + 1,
    the least distance of any pattern the level did not read), or the level read every pattern
    (`final`); `metric` as in attacks/distance.sql. With `ties`, also every candidate at the k-th distance (expanded later). With k = 1 and no
    ties, the nearest is one aggregate (the smallest (d is null, d, spos) per target: the same
    rule, no sort). `band` (a numeric column's index) with `width`: only the candidates whose
    bucket floor(c / width) of that column is the target's or a neighbouring one (level 0's band;
    the caller sets `bound` below `width`). `same_cats`: every pair agrees on the categorical
    columns (level 0 by its one equality join; attacks/distance.sql). `masked`: the categorical
    terms read from the pattern pair's `mask` (attacks/level_pairs.sql), no value compared. -#}
{% macro attacks_search(tuples, open, pairs, candidates, numeric, k, lo, hi, bound, final=false, ties=false, metric="anonymeter", band=none, width=none, same_cats=false, masked=false) -%}
with t as (
  select u.*{% if band is not none %}, floor(u.{{ sqlpriv.quote("c" ~ band) }} / {{ sqlpriv.literal(width) }}) + bo.k as bk{% endif %} from {{ sqlpriv.quote(tuples) }} as u
  join {{ sqlpriv.quote(open) }} as o on o.tid = u.tid
{% if band is not none %}
  cross join (select * from (values (-1), (0), (1)) as v(k)) as bo
{% endif %}
  where u.tid between {{ sqlpriv.literal(lo) }} and {{ sqlpriv.literal(hi) }}
), scored as (
  select t.tid, s.tid as sid, s.__sqlpriv_pos as spos, {{ sqlpriv.attacks_distance(numeric, "t", "s", metric, same_cats, "p" if masked else none) }} as d
  from t
  join {{ sqlpriv.quote(pairs) }} as p on p.tcp = t.cp
  join {{ sqlpriv.quote(candidates) }} as s on s.cp = p.scp{% if band is not none %} and floor(s.{{ sqlpriv.quote("c" ~ band) }} / {{ sqlpriv.literal(width) }}) = t.bk{% endif %}
{% if k == 1 and not ties %}
), best as (
  select tid, {{ sqlpriv.smallest_row(["d is null", "d", "spos", "sid"]) }} as b from scored group by tid
)
select tid, 1 as rk, b.f3 as sid, b.f2 as spos, b.f1 as d
from best{% if not final %} where b.f1 < {{ sqlpriv.literal(bound) }}{% endif %}
{% else %}
), ranked as (
  select *, row_number() over (partition by tid order by d nulls last, spos) as rk from scored
), kth as (
  select tid, max(case when rk = {{ sqlpriv.literal(k) }} then d end) as dk,
    max(case when rk = {{ sqlpriv.literal(k) }} then 1 else 0 end) as has_kth
  from ranked where rk <= {{ sqlpriv.literal(k) }} group by tid
)
select r.tid, r.rk, r.sid, r.spos, r.d
from ranked as r join kth as q on q.tid = r.tid
where {% if final %}true{% else %}q.dk < {{ sqlpriv.literal(bound) }}{% endif %}
  and (r.rk <= {{ sqlpriv.literal(k) }}{% if ties %} or (q.has_kth = 1 and {{ sqlpriv.not_distinct("r.d", "q.dk") }}){% endif %})
{% endif %}
{%- endmacro %}
