{#- The shared cells (n > 1) of the owned prefixes (shapley/run_owned.sql) of the orders runs
    lo..hi (shapley/run_orders.sql), counted by sorted runs instead of hashing every (pattern,
    subset) pair: with the patterns sorted by an order's columns in sequence, the cell of every
    prefix of that order is a run of consecutive patterns. lcp, the length of the prefix a
    pattern shares with the one before it (-1 for the first), and lcpn, with the one after it,
    locate the runs: a run of two or more patterns starts at a pattern for the prefix sizes k in
    (lcp, lcpn] and ends at one for k in (lcpn, lcp]; in sort order, each start's next event of
    the same (order, k) is its end, and the run's count is the difference of the running sums of
    w there. A pattern alone in its run at k > max(lcp, lcpn) is a shared cell by itself when
    w > 1. Same rows as the direct count (engine/cells_direct.sql) for those subsets.
    `fields`: where each column's code is packed (engine/cohorts.field_specs). `patterns`: a table name, or the names of its parts (engine/parts_union.sql). -#}
{% macro shapley_run_cells(t, d, words, fields, patterns, orders, owned, lo, hi) -%}
with coded as (
    select
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
        w,
        [
{% for f in fields %}
            (k{{ f.word }} >> {{ f.offset }}) & {{ f.field_mask }}{{ "," if not loop.last }}
{% endfor %}
        ] as codes
    from {{ sqlpriv.engine_parts_union(patterns) }}
),
sorted as (
    select
        o.run,
{% for word in words %}
        p.k{{ loop.index0 }},
        lag(p.k{{ loop.index0 }}) over run_order as a{{ loop.index0 }},
        lead(p.k{{ loop.index0 }}) over run_order as b{{ loop.index0 }},
{% endfor %}
        p.w,
        sum(p.w) over (run_order rows between unbounded preceding and current row) as upto
    from coded as p
    cross join (select * from {{ sqlpriv.quote(orders) }} where run between {{ lo }} and {{ hi }}) as o
    window run_order as (
        partition by o.run
        order by {% for i in range(d) %}p.codes[o.c{{ i }} + 1]{{ ", " if not loop.last }}{% endfor %}

    )
),
depths as (
    select
        s.*,
{% for side in ["a", "b"] %}
        case when s.{{ side }}0 is null then -1 else 0
{% for k in range(1, d) %}
            + case when {% for word in words %}(xor(s.k{{ loop.index0 }}, s.{{ side }}{{ loop.index0 }}) & o.x{{ k }}_{{ loop.index0 }}) = 0{{ " and " if not loop.last }}{% endfor %} then 1 else 0 end
{% endfor %}
        end as {{ "lcp" if side == "a" else "lcpn" }}{{ "," if side == "a" }}
{% endfor %}
    from sorted as s
    join {{ sqlpriv.quote(orders) }} as o using (run)
),
events as (
    select
        run,
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
        unnest(range(least(lcp, lcpn) + 1, greatest(lcp, lcpn) + 1)) as k,
        lcpn > lcp as opens,
        upto,
        case when lcpn > lcp then upto - w else upto end as at
    from depths
    where lcp <> lcpn
),
runs as (
    select
        e.*,
        lead(e.at) over (partition by e.run, e.k order by e.upto) - e.at as n
    from events as e
    semi join (select o.run, w.k from {{ sqlpriv.quote(owned) }} as w join {{ sqlpriv.quote(orders) }} as o using (perm)) as x
        on x.run = e.run and x.k = e.k
),
alone as (
    select
        run,
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
        unnest(range(greatest(lcp, lcpn) + 1, {{ d + 1 }})) as k,
        w as n
    from depths
    where w > 1
),
found as (
    select
        run,
{% for word in words %}
        k{{ loop.index0 }},
{% endfor %}
        k,
        n
    from runs
    where opens
    union all
    select * from alone
)
select
    w.sid,
{% for word in words %}
    f.k{{ loop.index0 }} & w.m{{ loop.index0 }} as k{{ loop.index0 }},
{% endfor %}
    f.n::bigint as n
from found as f
join {{ sqlpriv.quote(orders) }} as o using (run)
join {{ sqlpriv.quote(owned) }} as w on w.perm = o.perm and w.k = f.k
{%- endmacro %}
