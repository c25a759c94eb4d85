{#- synthcity's identifiability (Yoon et al.): the share of original records whose closest synthetic
    record (`to_synthetic`, k = 1) is strictly closer than their closest other original record
    (`to_original`, k = 2 over the original table itself: the second distance, 0 for a duplicate). -#}
{% macro attacks_dcr_identifiable(to_original, to_synthetic) -%}
with own as (
  select s.__sqlpriv_pos as pos, max(case when n.rk = 2 then n.d end) as r
  from {{ sqlpriv.quote(to_original.scaled) }} as s join {{ sqlpriv.quote(to_original.neighbours) }} as n on n.tid = s.tid
  group by s.__sqlpriv_pos
), syn as (
  select s.__sqlpriv_pos as pos, min(n.d) as r
  from {{ sqlpriv.quote(to_synthetic.scaled) }} as s join {{ sqlpriv.quote(to_synthetic.neighbours) }} as n on n.tid = s.tid
  where n.rk = 1 group by s.__sqlpriv_pos
)
select avg(case when syn.r < own.r then cast(1 as double) else cast(0 as double) end) from own join syn on syn.pos = own.pos
{%- endmacro %}
