{#- Patterns split by the level of a subgroup expression. When the expression reads only
    plain analysed columns it is evaluated once per distinct pattern (decoded values);
    otherwise per source row: by a positional join (the codes table is in input order)
    or, when rows were dropped, by matching the input position; mode 'carried' (a single
    statement) reads the level the codes carry along. -#}
{% macro shapley_levels(t, expr, mode, source, words, key=none) -%}
{% if mode == "carried" %}
select
{% for word in words %}
    k{{ loop.index0 }},
{% endfor %}
    __sqlpriv_level as level,
    count(*)::bigint as w
from {{ sqlpriv.quote(t.codes) }}
group by all
{% elif mode == "patterns" %}
select
{% for word in words %}
    __sqlpriv_k{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    ({{ expr }}) as level,
    sum(__sqlpriv_w)::bigint as w
from {{ sqlpriv.quote(t.decoded) }}
group by all
{% else %}
with levels as (
    select {% if mode == "by_position" %}{{ sqlpriv.row_position(dense=not key) }} as __sqlpriv_pos, {% endif %}({{ expr }}) as level
    from {{ source }}
)
select
{% for word in words %}
    r.k{{ loop.index0 }},
{% endfor %}
    v.level,
    count(*)::bigint as w
from {{ sqlpriv.quote(t.codes) }} as r
{% if mode == "positional" %}
positional join levels as v
{% else %}
join levels as v using (__sqlpriv_pos)
{% endif %}
group by all
{% endif %}
{%- endmacro %}
