{#- Mean Shapley values per subgroup level through the cross-entropy identity (SPEC 1):
    phi_j^v = sum_s c_j(s) * X_v(s), X_v(s) = (1/|v|) sum over cells of m(cell, v) log2 N(cell).
    Only cohort counts are used; no per-row values. -#}
with cross_entropy as (
    select lc.level, lc.sid, sum(lc.n * log2(c.n)) as sum_log_n
    from {{ t.level_cells | quote }} as lc
    join {{ t.cells | quote }} as c
        on c.sid = lc.sid{% for word in words %} and c.k{{ loop.index0 }} = lc.k{{ loop.index0 }}{% endfor %}

    group by all
),
sizes as (
    select level, sum(w)::bigint as n from {{ t.levels | quote }} group by level
),
per_level as (
    select x.level, x.sid, x.sum_log_n / s.n as mean_log_n
    from cross_entropy as x
    join sizes as s on s.level is not distinct from x.level
){% if sampled %},
per_order as (
    select b.level, st.col, b.mean_log_n - coalesce(a.mean_log_n, 0) as gain
    from {{ t.steps | quote }} as st
    join per_level as b on b.sid = st.before_sid
    left join per_level as a on a.sid = st.after_sid and a.level is not distinct from b.level
)
{% endif %}

select
    s.level,
    s.n,
    s.n / sum(s.n) over () as share,
{% for c in columns %}
    (select sum(l.c{{ loop.index0 }} * p.mean_log_n)
       from per_level as p join {{ t.lattice | quote }} as l using (sid)
      where p.level is not distinct from s.level) as {{ c.name | quote }}{{ "," if not loop.last or sampled }}
{% endfor %}
{% if sampled %}
{% for c in columns %}
    (select stddev_samp(gain) / sqrt({{ samples }}) from per_order as g
      where g.col = {{ loop.index0 }} and g.level is not distinct from s.level) as {{ (c.name ~ "_se") | quote }}{{ "," if not loop.last }}
{% endfor %}
{% endif %}
from sizes as s
order by s.level nulls last
