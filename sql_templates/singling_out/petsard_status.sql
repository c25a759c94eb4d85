{#- PETsARD parity mode: search status of each set of the chunk. Normalised Renyi entropy of
    the synthetic cells, -log2(sum p^alpha + 1e-10) / log2(distinct cells) (0 for one cell);
    gain over the base combination (exactly 0 when the set has as many cells as its base: it
    then has the same partition); pruned when the base was pruned or the gain is at or below
    min_entropy_delta. -#}
{% macro singling_out_petsard_status(t, hi, lo, min_entropy_delta, renyi_alpha, size, words) -%}
insert into {{ sqlpriv.quote(t.status) }}
with l as (
{{ sqlpriv.singling_out_chunk(t=t, words=words, size=size, lo=lo, hi=hi) }}
),
dist as (
    select sid, count(*) as cells,
        sum(pow(n::double / (select count(*) from {{ sqlpriv.quote(t.syn) }}), {{ sqlpriv.literal(renyi_alpha) }}::double)) as power_sum
    from {{ sqlpriv.quote(t.cells) }}
    group by sid
),
scored as (
    select l.sid, l.size,
        coalesce(b.is_pruned, false) as pruned_by_base,
        d.cells,
        case when d.cells is null then null
             when d.cells <= 1 then 0.0
             else -log2(d.power_sum + 1e-10) / log2(d.cells) end as entropy,
        b.cells as base_cells,
        b.entropy as base_entropy
    from l
    left join {{ sqlpriv.quote(t.status) }} as b on b.sid = l.base
    left join dist as d on d.sid = l.sid
)
select sid, size, pruned_by_base, cells, entropy,
    case when size = 1 or pruned_by_base then null
         when cells = base_cells then 0.0
         else entropy - base_entropy end as entropy_gain,
    pruned_by_base or (size > 1 and (case when cells = base_cells then 0.0 else entropy - base_entropy end)
                       <= {{ sqlpriv.literal(min_entropy_delta) }}::double) as is_pruned
from scored
{%- endmacro %}
