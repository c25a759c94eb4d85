{#- Patterns split by the level of a subgroup expression evaluated on the source rows. -#}
create or replace temp table {{ t.levels | quote }} as
with levels as (
    select row_number() over () - 1 as __sqlpriv_pos, ({{ expr }}) as level
    from {{ source }}
)
select
{% for word in words %}
    r.k{{ loop.index0 }},
{% endfor %}
    v.level,
    count(*)::bigint as w
from {{ t.codes | quote }} as r
join levels as v using (__sqlpriv_pos)
group by all
