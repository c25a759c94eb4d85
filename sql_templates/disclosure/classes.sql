{#- The disclosure figures of every (sensitive column, equivalence class) pair, one SELECT
    (docs/measures.md §8): sensitive (the column's name), __sqlpriv_s (its position),
    __sqlpriv_cid (the class number, classes in value order of the quasi-identifiers, NULLs last),
    the quasi-identifiers' values as __sqlpriv_q0, __sqlpriv_q1, ... (a quasi-identifier may
    be named like a figure), then the class size n and
    l_diversity, entropy (nats), entropy_l (exp of the entropy), recursive_c, alpha,
    t_closeness, delta_disclosure, basic_beta_likeness, enhanced_beta_likeness. `meta` maps
    the headings sensitive and n to names no quasi-identifier uses.
    `source`: a relation as SQL text holding the quasi-identifiers `qis` and the sensitive
    columns `sens` (name, ordered, hierarchy, height) under their names. NULL in a
    quasi-identifier is a category (GROUP BY groups NULLs); NULL in a sensitive column is one
    more value. One aggregate of the rows (d_joint), then only classes and values. With `entity`
    (issue 46: several rows per person), w counts the distinct entities of each combination, so
    every figure is that of the distinct (entity, quasi-identifiers, sensitive values) rows: n
    counts a class's entities when no entity's sensitive values change within it. -#}
{% macro disclosure_classes(source, qis, sens, meta, entity=none) -%}
with d_joint as (
    select
{% for q in qis %}
        {{ sqlpriv.quote(q) }} as q{{ loop.index0 }},
{% endfor %}
{% for s in sens %}
        {{ sqlpriv.quote(s.name) }} as s{{ loop.index0 }},
{% endfor %}
        {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} as w
    from {{ source }}
    group by {% for q in qis %}{{ sqlpriv.quote(q) }}, {% endfor %}{% for s in sens %}{{ sqlpriv.quote(s.name) }}{{ ", " if not loop.last }}{% endfor %}

),
d_class as (
    select
{% for q in qis %}
        q{{ loop.index0 }},
{% endfor %}
        cast(sum(w) as bigint) as n,
        row_number() over (order by {% for q in qis %}q{{ loop.index0 }} nulls last{{ ", " if not loop.last }}{% endfor %}) as cid
    from d_joint
    group by {% for q in qis %}q{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %}

),
d_total as (
    select sum(n) as big_n from d_class
),
d_rows as (
    select c.cid, c.n, {% for s in sens %}j.s{{ loop.index0 }}, {% endfor %}j.w
    from d_joint as j
    join d_class as c on {% for q in qis %}j.q{{ loop.index0 }} is not distinct from c.q{{ loop.index0 }}{{ " and " if not loop.last }}{% endfor %}

),
{% for s in sens %}
{{ sqlpriv.disclosure_column_ctes(s, loop.index0) }},
{% endfor %}
d_all as (
{% for s in sens %}
{{ sqlpriv.disclosure_column_select(s, loop.index0, qis, meta) }}
{{ "union all" if not loop.last }}
{% endfor %}
)
select * from d_all
{%- endmacro %}
