{#- Mean Shapley values per subgroup level through the cross-entropy identity (docs/measures.md §1):
    phi_j^v = sum_s c_j(s) X_v(s), X_v(s) = (1/|v|) sum_{t in v} log2 N_t(s). Exact runs sum over
    s first: the weighted mean over the level's patterns of the per-pattern value
    sum_s c_j(s) log2 N(s), counts per (pattern, level) only, never the rows. Sampled runs read
    the sums |v| X_v(s) (table t.xent, shapley/cross_entropy_chunk.sql) for the means and for
    the standard errors, stratified by position as in shapley/summary.sql. -#}
{% macro shapley_by(t, columns, meta, sampled, samples, words) -%}
with sizes as (
    select level, sum(w)::bigint as n from {{ sqlpriv.quote(t.levels) }} group by level
),
{% if sampled %}
cross_entropy as (
    select * from {{ sqlpriv.quote(t.xent) }}
),
means as (
    select
        s.level,
{% for c in columns %}
        coalesce(sum(l.c{{ loop.index0 }} * x.sum_log_n), 0) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from sizes as s
    left join cross_entropy as x on x.level is not distinct from s.level
    left join {{ sqlpriv.quote(t.lattice) }} as l on l.sid = x.sid
    group by s.level
),
{% else %}
means as (
    select
        v.level,
{% for c in columns %}
        sum(v.w * coalesce(p.phi{{ loop.index0 }}, 0)) as phi{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from {{ sqlpriv.quote(t.levels) }} as v
    left join {{ sqlpriv.quote(t.phi) }} as p using ({% for word in words %}k{{ loop.index0 }}{{ ", " if not loop.last }}{% endfor %})
    group by v.level
){% endif %}{% if sampled %}
per_order as (
    select s.level, st.col, st.pos,
           (coalesce(b.sum_log_n, 0) - coalesce(a.sum_log_n, 0)) / s.n as gain
    from (select * from {{ sqlpriv.quote(t.steps) }} where is_sample) as st
    cross join sizes as s
    left join cross_entropy as b on b.sid = st.before_sid and b.level is not distinct from s.level
    left join cross_entropy as a on a.sid = st.after_sid and a.level is not distinct from s.level
),
strata as (  -- stratified by position, as the summary (shapley/summary.sql)
    select level, col, pos, coalesce(var_samp(gain), 0) as v
    from per_order
    group by level, col, pos
),
errors as (
    select
        level,
{% for c in columns %}
        sqrt(coalesce(sum(v) filter (where col = {{ loop.index0 }}), 0) / {{ (samples // (columns | length)) | int }}) / {{ columns | length | int }} as se{{ loop.index0 }}{{ "," if not loop.last }}
{% endfor %}
    from strata
    group by level
)
{% endif %}

{{ sqlpriv.shapley_by_select(columns, meta, sampled) }}
{%- endmacro %}
