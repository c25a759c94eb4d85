{#- The largest label code of each column (its finest level has the most labels): the bases the
    search packs node keys with, one row per column j (in order). A UNION ALL of one max() per
    coded table: the same figures as one row of scalar subqueries, which DuckDB planned in
    about 30 ms against 4 (benchmarks/RESULTS.md, session gen7). -#}
{% macro generalize_bases(coded) -%}
select * from (
{% for c in coded %}
  select {{ sqlpriv.literal(loop.index0) }} as j, max(g0) as base from {{ sqlpriv.quote(c) }}
  {{ "union all" if not loop.last }}
{% endfor %}
) b order by j
{%- endmacro %}
