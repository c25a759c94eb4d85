{#- Class-size histogram of every column set the request family needs (Cave 2023, docs/measures.md §3).
    One row per (set j, class size, number of classes of that size): a category of a single
    column is a class of its one-column set; the joint set (j = -1) holds the equivalence
    classes of the requested columns together. NULL is a category (GROUP BY groups NULLs),
    unless dropna: then rows with NULL in any of the `keep` columns are left out of every
    set, and set j = -2 holds the row count before dropping (one class of that size).
    Each set is one GROUP BY over the source:
      strategy 'union': one aggregate per set, UNION ALL (columnar sources read one column each);
      strategy 'grouping_sets': one aggregate with GROUPING SETS (a single pass over row
      sources such as CSV), each output cell labelled with its set by GROUPING().
    A pure select (columns j, size, classes): the Python plan keeps it as a temp table
    (engine/create_table.sql), the single-statement chains (profile_query.sql, report_query.sql)
    inline it as a CTE. `analysed` items: alias, expr (SQL); `sets` items: j, members (indexes
    into analysed); `keep`: indexes into analysed. -#}
{% macro request_sizes(analysed, keep, sets, source, strategy) -%}
{% if strategy == "union" %}
{% for s in sets %}
select {{ s.j }}::integer as j, f as size, count(*)::bigint as classes
from (
    select count(*)::bigint as f
{% if s.members %}
    from (
        select {% for i in s.members %}{{ analysed[i].expr }} as {{ sqlpriv.quote(analysed[i].alias) }}{{ ", " if not loop.last }}{% endfor %}

        from {{ source }}
        {{ sqlpriv.request_where_kept(keep, analysed) }}
    )
    group by {% for i in s.members %}{{ sqlpriv.quote(analysed[i].alias) }}{{ ", " if not loop.last }}{% endfor %}

{% else %}
    from {{ source }}
    {{ sqlpriv.request_where_kept(keep, analysed) }}
{% endif %}
)
group by f
{% if not loop.last %}
union all
{% endif %}
{% endfor %}
{% else %}
with analysed as (
    select
{% for a in analysed %}
        {{ a.expr }} as {{ sqlpriv.quote(a.alias) }}{{ "," if not loop.last }}
{% endfor %}
    from {{ source }}
    {{ sqlpriv.request_where_kept(keep, analysed) }}
),
cells as (
    select
        case
{% for s in sets if s.members | length > 1 %}
            when {% for i in s.members %}grouping({{ sqlpriv.quote(analysed[i].alias) }}) = 0{{ " and " if not loop.last }}{% endfor %} then {{ s.j }}
{% endfor %}
{% for s in sets if s.members | length == 1 %}
            when grouping({{ sqlpriv.quote(analysed[s.members[0]].alias) }}) = 0 then {{ s.j }}
{% endfor %}
{% for s in sets if not s.members %}
            else {{ s.j }}
{% endfor %}
        end::integer as j,
        count(*)::bigint as f
    from analysed
    group by grouping sets (
{% for s in sets %}
        ({% for i in s.members %}{{ sqlpriv.quote(analysed[i].alias) }}{{ ", " if not loop.last }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
    )
)
select j, f as size, count(*)::bigint as classes
from cells
group by j, f
{% endif %}
{% if keep %}
union all
select -2::integer as j, count(*)::bigint as size, 1::bigint as classes
from {{ source }}
{% endif %}
{%- endmacro %}
