{#- SUDA scores of the minimal sample uniques (docs/measures.md §9.8, after Elliot, Manning &
    Ford 2002 and sdcMicro's suda2). part "weights": the score of one MSU of each size
    k = 1..d, (d - k)! (a running product in double). part "scores": per record with an MSU
    (each su.msu pattern holds exactly one record), its smallest MSU size, MSU count, MSUs,
    SUDA score (the sum of its MSUs' weights) and DIS-SUDA score: with U the records unique on
    all d columns, P the records in classes of exactly two on all d columns, f the DIS sampling
    fraction and q = 1 + (8 - d) / 20 (with `entity`, units are (entity, pattern) pairs and P
    counts the units of patterns held by exactly two entities),
    dis = 1 / (1 + (P (1 - f) / f) / (score^q * sum over scored records of score^-q)). -#}
{% macro singling_out_msu_suda(t, su, words, d, part, dis_fraction=none, entity=false) -%}
{% if part == "weights" %}
{{ sqlpriv.create_temp_table(sqlpriv.quote(su.weights)) }}
with recursive fact(j, f) as (
    select 0, 1::double
    union all
    select j + 1, f * (j + 1)::double from fact where j < {{ d }}
)
select ({{ d }} - j)::integer as size, f as weight
from fact
where j < {{ d }}
{% elif part == "scores" %}
{{ sqlpriv.create_temp_table(sqlpriv.quote(su.scores)) }}
with names as (
    select {{ sqlpriv.ordered_list("name", "j") }} as items from {{ sqlpriv.quote(su.columns) }}
),
per_pattern as (
    select {% for w in words %}m.f{{ loop.index0 }}, {% endfor %} 
        min(m.size) as smallest_msu_size,
        count(*) as msu_count,
        {{ sqlpriv.ordered_list(sqlpriv.set_items("m.sid", "names.items"), "(m.size, m.sid)") }} as msus,
        sum(g.weight) as suda_score
    from {{ sqlpriv.quote(su.msu) }} as m
    join {{ sqlpriv.quote(su.weights) }} as g on g.size = m.size
    cross join names
    group by all
),
full_key as (
{% if entity %}
    select coalesce(sum(entities) filter (where entities = 2), 0)::double as pairs
    from {{ sqlpriv.quote(su.entities) }}
{% else %}
    select coalesce(sum(w) filter (where w = 2), 0)::double as pairs
    from {{ sqlpriv.quote(t.patterns) }}
{% endif %}
),
calibration as (
    select 1.0::double + (8.0::double - {{ d }}) / 20.0::double as q,
        {{ sqlpriv.literal(dis_fraction) }}::double as f
),
adjust as (
    select sum(1.0::double / pow(p.suda_score, c.q)) as total
    from per_pattern as p cross join calibration as c
)
select p.*,
    1.0::double / (1.0::double + (k.pairs * (1.0::double - c.f) / c.f) / (pow(p.suda_score, c.q) * a.total)) as dis_suda_score
from per_pattern as p
cross join full_key as k
cross join calibration as c
cross join adjust as a
{% endif %}
{%- endmacro %}
