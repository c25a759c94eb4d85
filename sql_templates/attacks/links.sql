{#- Linkability, one row per target: the synthetic rows among the neighbours of its first column
    set AND of its second (`via`, by position; empty where the attack failed), `linked` when any. -#}
{% macro attacks_links(scaled_a, nn_a, scaled_b, nn_b) -%}
with la as (
  select t.__sqlpriv_pos as target, n.spos from {{ sqlpriv.quote(scaled_a) }} as t join {{ sqlpriv.quote(nn_a) }} as n on n.tid = t.tid
), lb as (
  select t.__sqlpriv_pos as target, n.spos from {{ sqlpriv.quote(scaled_b) }} as t join {{ sqlpriv.quote(nn_b) }} as n on n.tid = t.tid
), hits as (
  select la.target, count(*) as n_links, {{ sqlpriv.ordered_list("la.spos", "la.spos") }} as via
  from la join lb on lb.target = la.target and lb.spos = la.spos
  group by la.target
)
select t.__sqlpriv_pos as target, coalesce(h.n_links, 0) > 0 as linked, coalesce(h.n_links, 0) as n_links, h.via
from {{ sqlpriv.quote(scaled_a) }} as t left join hits as h on h.target = t.__sqlpriv_pos
{%- endmacro %}
