{#- Mean exact Shapley values per level of an expression that reads only plain analysed columns
    (docs/measures.md §1, cross-entropy identity: the weighted mean over the level's patterns of
    the per-pattern values), in one statement without a levels table: the patterns' weights and
    weighted values are first summed per key on the columns the expression reads (`reads`: their
    mask per packed word; few keys), only those keys are decoded, the expression is evaluated
    once per key and the sums are added up per level. Same columns and order as shapley_by
    (the same closing select, shapley_by_select).
    `weights`: the per-pattern values carry every pattern and its multiplicity w
    (shapley_phi_factored), so the patterns table is not read. -#}
{% macro shapley_by_patterns(t, columns, meta, words, expr, masks, reads, weights) -%}
with sums as (
    select
{% for word in words %}
        p.k{{ loop.index0 }} & {{ masks[loop.index0] | int }} as __sqlpriv_k{{ loop.index0 }},
{% endfor %}
        sum(p.w)::bigint as __sqlpriv_n,
{% for c in columns %}
        sum(p.w * coalesce({{ "p" if weights else "v" }}.phi{{ loop.index0 }}, 0)) as __sqlpriv_phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
{% if weights %}
    from {{ sqlpriv.quote(t.phi) }} as p
{% else %}
    from {{ sqlpriv.quote(t.patterns) }} as p
    left join {{ sqlpriv.quote(t.phi) }} as v using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
{% endif %}
    group by all
),
decoded as (
    select
{% for c in reads %}
        d{{ c.j }}.v as {{ sqlpriv.quote(c.name) }},
{% endfor %}
        s.*
    from sums as s
    {{ sqlpriv.engine_decode_joins(t, reads, sums=true) | indent(4) }}
),
means as (
    select
        ({{ expr }}) as level,
        sum(__sqlpriv_n)::bigint as n,
{% for c in columns %}
        sum(__sqlpriv_phi{{ loop.index0 }}) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from decoded
    group by 1
),
sizes as (
    select level, n from means
)
{{ sqlpriv.shapley_by_select(columns, meta, false) }}
{%- endmacro %}
