{#- Helpers of request/uniqueness.sql and uniqueness_query.sql. -#}
{#- The histogram's CTEs and select, after `with` (uniqueness.sql, uniqueness_query.sql). -#}
{% macro request_uniqueness_body(t, joint_j, k) -%}
joint as (
    select size, classes from {{ sqlpriv.quote(t.sizes) }} where j = {{ joint_j }}
),
total as (
    select sum(classes)::double as classes, sum(classes * size)::double as n from joint
),
bins as (
    select lo, case when lo < {{ k }} then lo::{{ sqlpriv.text_type() }} else '>=' || lo::{{ sqlpriv.text_type() }} end as class_size
    from (
        select lo from {{ sqlpriv.integers("lo", sqlpriv.literal([k, 101] | min)) }} where lo >= 1
        union
        select size from joint where size < {{ k }}
        union
        select {{ k }}
    )
),
binned as (
    select b.lo, b.class_size, coalesce(sum(q.classes), 0)::bigint as classes,
           coalesce(sum(q.classes * q.size), 0)::bigint as {{ sqlpriv.quote("rows") }}
    from bins as b
    left join joint as q on least(q.size, {{ k }}) = b.lo
    group by b.lo, b.class_size
)
select binned.class_size, binned.classes, binned.{{ sqlpriv.quote("rows") }},
       binned.classes / total.classes as class_share,
       binned.{{ sqlpriv.quote("rows") }} / total.n as row_share
from binned, total
order by binned.lo
{%- endmacro %}
