{#- Per column j and level: ARX's generalization loss of that column with nothing suppressed
    (sum of rows x domain share, normalised between n/|domain| and n, floored to 1e-10), the
    a-priori lower bound of the loss of any node at that level (suppression only adds loss).
    Columns: j, level, raw (the unnormalised sum), domain (hierarchy rows), bound, and entropy:
    ARX's non-uniform entropy of the column's generalization to that level, sum over the rows of
    log2(rows with the row's label at that level / rows with the row's original value) (MetricMDNUEntropyPrecomputed,
    gs-factor 0.5), and entropy_bound, it floored to 1e-10: the a-priori lower bound of the column's
    entropy at that level (suppression only adds to it).
    Each figure depends on the column's own values only, so all come from the columns' row counts
    per original value (m: one GROUP BY of the patterns per column, a few hundred rows in all)
    joined to every level's label and share of that value (l: the coded tables in long form),
    in one grouping by (j, level); each sum runs over the values in code order, so its bits do
    not depend on DuckDB's threads (session gen12: 28 scans of the patterns per figure before). -#}
{% macro generalize_bounds(patterns, coded, heights, n) -%}
with m as (
{% for j in range(heights | length) %}
  select {{ j }} as j, {{ sqlpriv.quote("g_" ~ j ~ "_0") }} as g0, cast(sum(cnt) as double) as a
  from {{ sqlpriv.quote(patterns) }} group by 2
  {{ "union all" if not loop.last }}
{% endfor %}
), l as (
{% for j in range(heights | length) %}
{% set outer = loop %}
{% for level in range(heights[j]) %}
  select {{ j }} as j, {{ level }} as level, g0, {{ sqlpriv.quote("g" ~ level) }} as g, {{ sqlpriv.quote("s" ~ level) }} as s
  from {{ sqlpriv.quote(coded[j]) }}
  {{ "union all" if not (loop.last and outer.last) }}
{% endfor %}
{% endfor %}
), d as (
  select j, cast(count(*) as double) as domain from l where level = 0 group by j
), e as (
  select l.j, l.level, l.g0, m.a, l.s, sum(m.a) over (partition by l.j, l.level, l.g) as b
  from l join m on l.j = m.j and l.g0 = m.g0
)
select j, level, raw, domain, entropy, floor(round(entropy * 1e10, 3)) / 1e10 as entropy_bound,
  case when domain <= 1 then 0.0
       else floor(round(greatest(0.0, (raw - {{ sqlpriv.literal(n) }} / domain) / ({{ sqlpriv.literal(n) }} - {{ sqlpriv.literal(n) }} / domain)) * 1e10, 3)) / 1e10
  end as bound
from (
  select e.j, e.level, sum(e.a * e.s order by e.g0) as raw, sum(e.a * log2(e.b / e.a) order by e.g0) as entropy
  from e group by e.j, e.level
) as f join d using (j)
{%- endmacro %}
