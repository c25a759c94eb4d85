{#- Helpers of the disclosure templates (docs/measures.md §8).
    disclosure_column_ctes(s, i): the CTEs of sensitive column number i (`s`: name, ordered,
    hierarchy rows, height), over d_joint / d_rows / d_class / d_total (disclosure_classes):
      d_v{i}   its distinct values (NULL is a value) with the global count g and the rank r
               in value order, NULLs last;
      d_hv{i}  per class and present value: count c, g, r and the rank rk by c descending;
      d_l{i}   l, the fewest distinct values of any class (recursive (c,l)-diversity's l);
      d_f{i}   per class: the distinct, entropy, alpha, recursive and beta/delta figures and
               the exact integer parts of the t-closeness distances;
      d_t{i}   per class: t (ordered, equal or hierarchical distance).
    Distances are summed in exact integers: q - p = (c N - g n) / (n N). The ordered distance
    sums |C_E(i) N - G(i) n| over the ranks i (C_E, G: the class's and the table's cumulative
    counts) without a class x value cross join (that was O(classes x values): 54k classes of
    diamonds x 11.6k prices ran minutes): C_E is constant on a segment from one of the class's
    values to the next, and G increases, so a segment's sum splits at k, the last rank with
    G(k) n <= C_E N (G <= floor(C_E N / n), found by a running max over the values and the
    segments sorted together), with the prefix sums S1 of G (d_cv); ranks before the class's
    first value add n S1.
    disclosure_column_select(s, i, qis, meta): the per-class output rows of column i, the
    quasi-identifiers as __sqlpriv_q0, __sqlpriv_q1, ... (a quasi-identifier may be named like
    a figure: alpha, t_closeness). -#}
{% macro disclosure_column_ctes(s, i) -%}
d_v{{ i | int }} as (
    select s{{ i | int }} as v, cast(sum(w) as bigint) as g, row_number() over (order by s{{ i | int }} nulls last) as r
    from d_joint
    group by s{{ i | int }}
),
d_m{{ i | int }} as (
    select count(*) as m, min(g) as gmin from d_v{{ i | int }}
),
d_h{{ i | int }} as (
    select cid, n, s{{ i | int }} as v, cast(sum(w) as bigint) as c
    from d_rows
    group by cid, n, s{{ i | int }}
),
d_hv{{ i | int }} as (
    select h.cid, h.n, h.c, v.g, v.r, row_number() over (partition by h.cid order by h.c desc, v.r) as rk
    from d_h{{ i | int }} as h
    join d_v{{ i | int }} as v on h.v is not distinct from v.v
),
d_l{{ i | int }} as (
    select min(distinct_values) as l
    from (select count(*) as distinct_values from d_hv{{ i | int }} group by cid) as per_class
),
d_f{{ i | int }} as (
    select
        h.cid,
        h.n,
        count(*) as distinct_values,
        abs(sum((cast(h.c as double) / h.n) * ln(cast(h.c as double) / h.n))) as entropy,
        cast(max(h.c) as double) / h.n as alpha,
        max(h.c) as top,
        sum(case when h.rk >= l.l then h.c else 0 end) as tail,
        max(l.l) as l,
        sum(abs(h.c * t.big_n - h.g * h.n)) as present_abs,
        sum(h.g) as present_g,
        max(abs(ln(cast(h.c * t.big_n as double) / cast(h.g * h.n as double)))) as delta,
        max(cast(h.c * t.big_n - h.g * h.n as double) / cast(h.g * h.n as double)) as beta
    from d_hv{{ i | int }} as h
    cross join d_l{{ i | int }} as l
    cross join d_total as t
    group by h.cid, h.n
),
{% if s.hierarchy %}
d_tree{{ i | int }} as (
{% for row in s.hierarchy %}
    select {{ sqlpriv.disclosure_leaf(s, row[0]) }} as leaf, {{ row[1] | int }} as lvl, {{ sqlpriv.literal(row[2]) }} as node{{ " union all" if not loop.last }}
{% endfor %}
),
d_vn{{ i | int }} as (
    select v.r, v.g, tr.lvl, tr.node
    from d_v{{ i | int }} as v
    join d_tree{{ i | int }} as tr on cast(v.v as {{ sqlpriv.text_type() }}) is not distinct from tr.leaf
),
d_gn{{ i | int }} as (
    select lvl, node, cast(sum(g) as bigint) as gn from d_vn{{ i | int }} group by lvl, node
),
d_cn{{ i | int }} as (
    select h.cid, h.n, vn.lvl, vn.node, cast(sum(h.c) as bigint) as cn
    from d_hv{{ i | int }} as h
    join d_vn{{ i | int }} as vn on h.r = vn.r
    group by h.cid, h.n, vn.lvl, vn.node
),
d_a{{ i | int }} as (
    select cn.cid, sum(abs(cn.cn * t.big_n - gn.gn * cn.n)) as a_present, sum(gn.gn) as g_present, max(cn.n) as n
    from d_cn{{ i | int }} as cn
    join d_gn{{ i | int }} as gn on cn.lvl = gn.lvl and cn.node is not distinct from gn.node
    cross join d_total as t
    group by cn.cid, cn.lvl
),
d_t{{ i | int }} as (
    select f.cid,
        cast(f.present_abs + f.n * (t.big_n - f.present_g)
            + coalesce(sum(a.a_present + a.n * (t.big_n - a.g_present)), 0) as double)
            / (2.0 * {{ s.height | int }} * f.n * t.big_n) as t_closeness
    from d_f{{ i | int }} as f
    cross join d_total as t
    left join d_a{{ i | int }} as a on a.cid = f.cid
    group by f.cid, f.present_abs, f.n, f.present_g, t.big_n
)
{% elif s.ordered %}
d_cv{{ i | int }} as (
    select r, gc, sum(gc) over (order by r rows between unbounded preceding and current row) as s1
    from (
        select r, sum(g) over (order by r rows between unbounded preceding and current row) as gc
        from d_v{{ i | int }}
    ) as v
),
d_seg{{ i | int }} as (
    select h.cid, h.n, h.r as lo,
        coalesce(lead(h.r) over (partition by h.cid order by h.r), m.m + 1) - 1 as hi,
        sum(h.c) over (partition by h.cid order by h.r rows between unbounded preceding and current row) * t.big_n as cn
    from d_hv{{ i | int }} as h
    cross join d_m{{ i | int }} as m
    cross join d_total as t
),
d_k{{ i | int }} as (
    select cid, lo, coalesce(k, 0) as k
    from (
        select cid, lo, tie, max(r) over (order by gkey, tie rows between unbounded preceding and current row) as k
        from (
            select gc as gkey, 0 as tie, r, cast(null as bigint) as cid, cast(null as bigint) as lo
            from d_cv{{ i | int }}
            union all
            select cast((cn - cn % n) / n as bigint), 1, cast(null as bigint), cid, lo
            from d_seg{{ i | int }}
        ) as keys
    ) as running
    where tie = 1
),
d_t{{ i | int }} as (
    select s.cid,
        case when max(m.m) > 1 then cast(
            sum(s.cn * (s.k - s.lo + 1) - s.n * (coalesce(sk.s1, 0) - coalesce(sl.s1, 0))
                + s.n * (sh.s1 - coalesce(sk.s1, 0)) - s.cn * (s.hi - s.k))
            + max(s.n) * coalesce(max(case when s.lo = s.first_lo then sl.s1 end), 0) as double)
            / (max(m.m) - 1) / max(s.n) / max(t.big_n) else 0.0 end as t_closeness
    from (
        select g.cid, g.n, g.lo, g.hi, g.cn, least(greatest(k.k, g.lo - 1), g.hi) as k,
            min(g.lo) over (partition by g.cid) as first_lo
        from d_seg{{ i | int }} as g
        join d_k{{ i | int }} as k on k.cid = g.cid and k.lo = g.lo
    ) as s
    left join d_cv{{ i | int }} as sk on sk.r = s.k
    left join d_cv{{ i | int }} as sl on sl.r = s.lo - 1
    join d_cv{{ i | int }} as sh on sh.r = s.hi
    cross join d_m{{ i | int }} as m
    cross join d_total as t
    group by s.cid
)
{% else %}
d_t{{ i | int }} as (
    select f.cid, cast(f.present_abs + f.n * (t.big_n - f.present_g) as double) / (2.0 * f.n * t.big_n) as t_closeness
    from d_f{{ i | int }} as f
    cross join d_total as t
)
{% endif %}
{%- endmacro %}

{% macro disclosure_column_select(s, i, qis, meta) -%}
select
    {{ sqlpriv.literal(s.name) }} as {{ sqlpriv.quote(meta.sensitive) }},
    {{ i | int }} as __sqlpriv_s,
    c.cid as __sqlpriv_cid,
{% for q in qis %}
    c.q{{ loop.index0 }} as __sqlpriv_q{{ loop.index0 }},
{% endfor %}
    f.n as {{ sqlpriv.quote(meta.n) }},
    f.distinct_values as l_diversity,
    f.entropy,
    exp(f.entropy) as entropy_l,
    case when f.l > 1 then cast(floor(cast(f.top as double) / f.tail) as bigint) + 1 end as recursive_c,
    f.alpha,
    t.t_closeness,
    f.delta as delta_disclosure,
    f.beta as basic_beta_likeness,
    least(f.beta, -ln(cast(m.gmin as double) / tot.big_n)) as enhanced_beta_likeness
from d_f{{ i | int }} as f
join d_class as c on c.cid = f.cid
join d_t{{ i | int }} as t on t.cid = f.cid
cross join d_m{{ i | int }} as m
cross join d_total as tot
{%- endmacro %}



{#- One leaf of `s`'s hierarchy as the text its column's values are matched with (issue 46): a
    boolean, whole number, float, double or decimal column keys its leaves by value (the leaf's
    text cast to that kind, written back as text as the engine writes the column: True and 'true'
    are one boolean, Decimal('1.0') is a DECIMAL(18,3)'s '1.000', on DuckDB and Spark alike);
    any other column by the leaf's text. -#}
{% macro disclosure_leaf(s, leaf) -%}
{% if s.leaf_kind == "decimal" -%}
cast(try_cast({{ sqlpriv.literal(leaf) }} as decimal(38, {{ s.leaf_scale | int }})) as {{ sqlpriv.text_type() }})
{%- elif s.leaf_kind == "boolean" -%}
cast(try_cast({{ sqlpriv.literal(leaf) }} as boolean) as {{ sqlpriv.text_type() }})
{%- elif s.leaf_kind == "bigint" -%}
cast(try_cast({{ sqlpriv.literal(leaf) }} as bigint) as {{ sqlpriv.text_type() }})
{%- elif s.leaf_kind == "float" -%}
cast(try_cast({{ sqlpriv.literal(leaf) }} as float) as {{ sqlpriv.text_type() }})
{%- elif s.leaf_kind == "double" -%}
cast(try_cast({{ sqlpriv.literal(leaf) }} as double) as {{ sqlpriv.text_type() }})
{%- else -%}
{{ sqlpriv.literal(leaf) }}
{%- endif %}
{%- endmacro %}
