{#- Patterns split by the level of a subgroup expression evaluated on the source rows.
    The codes table is in input order, so without dropped rows a positional join pairs
    each row with its level; otherwise the input position is matched. -#}
create or replace temp table {{ t.levels | quote }} as
with levels as (
    select {% if not positional %}row_number() over () - 1 as __sqlpriv_pos, {% endif %}({{ expr }}) as level
    from {{ source }}
)
select
{% for word in words %}
    r.k{{ loop.index0 }},
{% endfor %}
    v.level,
    count(*)::bigint as w
from {{ t.codes | quote }} as r
{% if positional %}
positional join levels as v
{% else %}
join levels as v using (__sqlpriv_pos)
{% endif %}
group by all
