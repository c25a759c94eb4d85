{#- After the last level: one row per examined set (combos) and one per identified record.
    Baseline protection of a set = 1 - 1 / product of the original's distinct counts of its
    columns (1 when a count is 0, as PETsARD). Exhaustive mode: a set's collisions are the
    records it singles out minimally. Parity mode: a hit counts only if no set earlier in the
    search order singled the record out with the same or fewer columns (PETsARD's masking),
    and a record's final set is its smallest, earliest one (its minimal sets are its hits of
    its smallest size, read in one pass). One select per `part` (combos,
    identified), each kept as a table of that name by the plan. -#}
{% macro singling_out_final(t, calculate_baseline, field_decay_factor, mode, part) -%}
{% if part == "combos" %}
with names as (
    select {{ sqlpriv.ordered_list("name", "j") }} as items from {{ sqlpriv.quote(t.columns) }}
),
baseline as (
    select s.sid, {{ sqlpriv.product("c.card_ori::double") }} as combos
    from {{ sqlpriv.quote(t.sets) }} as s
    join {{ sqlpriv.quote(t.columns) }} as c on ((s.sid >> c.j) & 1) = 1
    group by s.sid
),
counted as (
    select sid, syn_idx,
{% if mode == 'petsard' %}
        coalesce(min(size) over (partition by syn_idx order by sid
                                 rows between unbounded preceding and 1 preceding) > size, true) as counts
{% else %}
        true as counts
{% endif %}
    from {{ sqlpriv.quote(t.hits) }}
),
collisions as (
    select sid, count(*) filter (where counts) as n from counted group by sid
),
examined as (
    select s.sid, s.size,
{% if mode == 'petsard' %}
        st.is_pruned, st.entropy, st.entropy_gain
{% else %}
        false as is_pruned, null::double as entropy, null::double as entropy_gain
{% endif %}
    from {{ sqlpriv.quote(t.sets) }} as s
{% if mode == 'petsard' %}
    join {{ sqlpriv.quote(t.status) }} as st on st.sid = s.sid
{% else %}
    where s.sid in (select sid from {{ sqlpriv.quote(t.stats) }})
{% endif %}
)
select
    row_number() over (order by {{ "e.sid" if mode == 'petsard' else "e.size, e.sid" }}) as check_order,
    e.sid,
    {{ sqlpriv.set_items("e.sid", "names.items") }} as field_combo,
    e.size as combo_size,
    e.is_pruned,
    coalesce(st.mpuccs_cnt, 0) as mpuccs_cnt,
    coalesce(c.n, 0) as mpuccs_collision_cnt,
{% if calculate_baseline %}
    case when b.combos > 0 then 1.0 - 1.0 / b.combos else 1.0 end as baseline_protection,
    case when coalesce(st.mpuccs_cnt, 0) = 0 then null
         when coalesce(c.n, 0) = 0 then 1.0
         when b.combos > 0 and 1.0 - 1.0 / b.combos > 0
             then least((1.0 - c.n::double / st.mpuccs_cnt) / (1.0 - 1.0 / b.combos), 1.0)
         else 0.0 end as overall_protection,
{% else %}
    null::double as baseline_protection,
    null::double as overall_protection,
{% endif %}
    e.entropy,
    e.entropy_gain,
    pow({{ sqlpriv.literal(field_decay_factor) }}::double, e.size - 1) as field_weight,
    coalesce(c.n, 0) * pow({{ sqlpriv.literal(field_decay_factor) }}::double, e.size - 1) as weighted_collision
from examined as e
cross join names
left join {{ sqlpriv.quote(t.stats) }} as st on st.sid = e.sid
left join collisions as c on c.sid = e.sid
left join baseline as b on b.sid = e.sid
{% elif part == "identified" %}
with names as (
    select {{ sqlpriv.ordered_list("name", "j") }} as items from {{ sqlpriv.quote(t.columns) }}
),
minimal as (
    select *
    from {{ sqlpriv.quote(t.hits) }}
    qualify size = min(size) over (partition by syn_idx)
)
select
    m.syn_idx, {{ sqlpriv.arg_min("m.ori_idx", "m.sid") }} as ori_idx, min(m.size) as size, min(m.sid) as sid,
    {{ sqlpriv.ordered_list(sqlpriv.minimal_set(sqlpriv.set_items("m.sid", "names.items"), "m.ori_idx"), "m.sid") }}
        as minimal_sets
from minimal as m
cross join names
group by m.syn_idx, names.items
{% endif %}
{%- endmacro %}
