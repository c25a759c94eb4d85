{#- The global figures (docs/measures.md §4). Weighted identification rate: identified records weighted by
    field_decay_factor^(size - 1) of their (smallest) singling-out set, over all records. -#}
{% macro singling_out_summary(t, calculate_baseline, field_decay_factor) -%}
with counts as (
    select
        (select count(*) from {{ sqlpriv.quote(t.syn) }}) as total_syn_records,
        (select count(*) from {{ sqlpriv.quote(t.identified) }}) as total_identified,
        (select coalesce(sum(pow({{ sqlpriv.literal(field_decay_factor) }}::double, size - 1)), 0)
         from {{ sqlpriv.quote(t.identified) }}) as weighted_identified,
        (select {{ sqlpriv.product("card_ori::double") }} from {{ sqlpriv.quote(t.columns) }}) as combos
),
rates as (
    select *,
        total_identified::double / total_syn_records as identification_rate,
        1.0 - total_identified::double / total_syn_records as main_protection,
{% if calculate_baseline %}
        case when combos > 0 then 1.0 - 1.0 / combos else 1.0 end as baseline_protection
{% else %}
        null::double as baseline_protection
{% endif %}
    from counts
),
protection as (
    select *,
        case when baseline_protection is null then null
             when baseline_protection = 0 then 0.0
             else least(main_protection / baseline_protection, 1.0) end as overall_protection
    from rates
)
select
    coalesce(1.0 - overall_protection, identification_rate) as privacy_risk_score,
    overall_protection,
    main_protection,
    baseline_protection,
    identification_rate,
    weighted_identified / total_syn_records as weighted_identification_rate,
    total_identified,
    total_syn_records
from protection
{%- endmacro %}
