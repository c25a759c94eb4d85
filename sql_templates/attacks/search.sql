{#- The k nearest synthetic rows of the target tuples `lo` <= tid <= `hi`, exactly, under the
    mixed distance; ties broken by the smaller synthetic position. Level one: the candidate rows of
    the synthetic patterns with at most `mk` categorical mismatches (at least k rows). Its k-th
    distance `dk` bounds the rest: a row with more than `dk` mismatches is farther than `dk`, so
    level two reads only the patterns with mk < m <= dk (every pattern where dk is undefined).
    With `ties`, also every candidate at the k-th distance (tuple ids `sid`, expanded later). -#}
{% macro attacks_search(tuples, pairs, levels, candidates, numeric, k, lo, hi, ties=false) -%}
with t as (
  select * from {{ sqlpriv.quote(tuples) }} where tid between {{ sqlpriv.literal(lo) }} and {{ sqlpriv.literal(hi) }}
), one as (
  select t.tid, s.tid as sid, s.__pos as spos, {{ sqlpriv.attacks_distance(numeric, "t", "s") }} as d
  from t
  join {{ sqlpriv.quote(levels) }} as l on l.tcp = t.cp
  join {{ sqlpriv.quote(pairs) }} as p on p.tcp = t.cp and p.m <= l.mk
  join {{ sqlpriv.quote(candidates) }} as s on s.cp = p.scp
), bound as (
  select tid, max(case when rk = {{ sqlpriv.literal(k) }} then d end) as dk from (
    select tid, d, row_number() over (partition by tid order by d nulls last, spos) as rk from one
  ) where rk <= {{ sqlpriv.literal(k) }} group by tid
), two as (
  select t.tid, s.tid as sid, s.__pos as spos, {{ sqlpriv.attacks_distance(numeric, "t", "s") }} as d
  from t
  join {{ sqlpriv.quote(levels) }} as l on l.tcp = t.cp
  join bound as b on b.tid = t.tid
  join {{ sqlpriv.quote(pairs) }} as p on p.tcp = t.cp and p.m > l.mk and (b.dk is null or p.m <= b.dk)
  join {{ sqlpriv.quote(candidates) }} as s on s.cp = p.scp
), ranked as (
  select *, row_number() over (partition by tid order by d nulls last, spos) as rk
  from (select * from one union all select * from two)
)
{% if ties -%}
select tid, rk, sid, spos, d from (
  select *, max(case when rk = {{ sqlpriv.literal(k) }} then d end) over (partition by tid) as kth,
    max(case when rk = {{ sqlpriv.literal(k) }} then 1 else 0 end) over (partition by tid) as has_kth
  from ranked
) where rk <= {{ sqlpriv.literal(k) }} or (has_kth = 1 and {{ sqlpriv.not_distinct("d", "kth") }})
{%- else -%}
select tid, rk, sid, spos, d from ranked where rk <= {{ sqlpriv.literal(k) }}
{%- endif %}
{%- endmacro %}
