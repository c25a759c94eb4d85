{#- Class-size histogram of the joint column set: sizes 1, 2, ..., k-1 and >= k, with the
    number of classes and rows in each bin and their shares of all classes / rows. -#}
with joint as (
    select size, classes from {{ t.sizes | quote }} where j = {{ joint_j }}
),
total as (
    select sum(classes)::double as classes, sum(classes * size)::double as n from joint
),
bins as (
    select range as lo, case when range < {{ k }} then range::varchar else '>=' || range::varchar end as class_size
    from range(1, {{ k + 1 }})
),
binned as (
    select b.lo, b.class_size, coalesce(sum(q.classes), 0)::bigint as classes,
           coalesce(sum(q.classes * q.size), 0)::bigint as "rows"
    from bins as b
    left join joint as q on least(q.size, {{ k }}) = b.lo
    group by b.lo, b.class_size
)
select binned.class_size, binned.classes, binned."rows",
       binned.classes / total.classes as class_share,
       binned."rows" / total.n as row_share
from binned, total
order by binned.lo
